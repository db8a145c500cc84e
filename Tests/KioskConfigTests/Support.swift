import Foundation
import KioskConfig

/// Paths of the config corpus next to these tests, and of the repository's docs.
nonisolated enum Corpus {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repositoryRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ name: String) -> String {
        testsDirectory.appendingPathComponent(name).path
    }

    static func files(in folder: String) -> [URL] {
        let directory = testsDirectory.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { directory.appendingPathComponent($0) }
    }
}

extension Result where Failure == ConfigErrors {
    /// The errors of a failed load (empty for a valid config).
    var errors: [ConfigError] {
        if case .failure(let failure) = self { failure.errors } else { [] }
    }

    var value: Success? {
        if case .success(let value) = self { value } else { nil }
    }
}

/// Configs of one widget, for adapter tests.
@MainActor enum OneWidget {
    /// The widget `yaml` (a mapping, written as at the top of a file) as the root of a panel.
    static func spec(_ yaml: String) throws -> WidgetSpec {
        let text = "panels:\n  home:\n    root:\n" + yaml
            .split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n")
        let result = ConfigLoader().load(text: text)
        guard case .success(let config) = result else { throw result.errors.first ?? ConfigError(at: .init(file: "", line: 0, column: 0), "?") }
        return config.panels[0].root
    }
}

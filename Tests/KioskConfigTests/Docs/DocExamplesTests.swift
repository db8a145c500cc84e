import Foundation
import Testing
import KioskConfig

/// Every ```yaml block of docs/config.md validates, and together they show every component and action.
@Suite struct DocExamplesTests {
    struct Example: CustomStringConvertible {
        var line: Int
        var text: String
        var document = "docs/config.md"
        var description: String { "\(document) block at line \(line)" }
    }

    nonisolated static let examples = examples(inDocument: "docs/config.md")

    /// The ```yaml blocks of a page of the repository.
    nonisolated static func examples(inDocument document: String) -> [Example] {
        let path = Corpus.repositoryRoot.appendingPathComponent(document).path
        let lines = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").components(separatedBy: "\n")
        var examples: [Example] = []
        var current: (start: Int, lines: [String])?
        for (index, line) in lines.enumerated() {
            if current == nil, line == "```yaml" {
                current = (index + 2, [])
            } else if let block = current, line == "```" {
                examples.append(Example(line: block.start, text: block.lines.joined(separator: "\n") + "\n", document: document))
                current = nil
            } else if current != nil {
                current?.lines.append(line)
            }
        }
        return examples
    }

    /// A `# wrap: widget` block becomes the root of a panel, as the page explains.
    static func document(for example: Example) -> String {
        guard example.text.hasPrefix("# wrap: widget") else { return example.text }
        let indented = example.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "      " + $0 }.joined(separator: "\n")
        return "panels:\n  home:\n    root:\n" + indented
    }

    /// The registry of the page's custom-component section.
    static var registry: ComponentRegistry {
        var registry = ComponentRegistry.standard
        registry.register(ComponentSchema(
            type: "dial", doc: "A needle dial fed by a sensor.",
            properties: [PropertySchema("value", .number(0...100), default: .number(0), doc: "Current reading.")],
            events: ["alarm"]))
        return registry
    }

    @Test func thePageHasExamples() {
        #expect(Self.examples.count >= 25)
    }

    @Test(arguments: examples)
    func exampleValidates(_ example: Example) {
        // Pictures are read from docs/, so the examples name files that exist.
        let errors = ConfigLoader(registry: Self.registry).load(bytes: Array(Self.document(for: example).utf8), file: "example.yaml",
                                                                imageDirectory: Corpus.repositoryRoot.appendingPathComponent("docs").path).errors
        #expect(errors.isEmpty, "\(example):\n\(errors.map(\.description).joined(separator: "\n"))")
    }

    @Test func everyComponentAndActionHasAnExample() {
        let all = Self.examples.map(\.text).joined(separator: "\n")
        for type in ComponentRegistry.standard.typeNames {
            #expect(all.contains("type: \(type)\n") || all.contains("type: \(type),") || all.contains("type: \(type)}"),
                    "no example for \(type)")
        }
        for action in ["goto:", "back", "set:", "alert:", "emit:", "set_locale:", "set_appearance:", "if:",
                       "after:", "every:", "cancel:", "timers:"] {
            #expect(all.contains(action), "no example for \(action)")
        }
        for event in ["on_tap", "on_change", "on_submit", "on_long_press", "on_commit", "on_show"] {
            #expect(all.contains(event), "no example for \(event)")
        }
    }
}

import Foundation
import KioskConfig
import Testing

/// `kiosk check` reads the picture files a config names, relative to the config's directory.
struct ImageFileCheckTests {
    /// Tests/Fixtures/Images, where a config written there finds photo.jpg, photo.png and badge.svg.
    static let imageDirectory = Corpus.repositoryRoot.appendingPathComponent("Tests/Fixtures/Images").path

    func check(_ widgets: String, imageDirectory: String? = imageDirectory) -> [ConfigError] {
        let text = "panels:\n  home:\n    root:\n      type: stack\n      children:\n" + widgets
        switch ConfigLoader().load(bytes: Array(text.utf8), file: "kiosk.yaml", imageDirectory: imageDirectory) {
        case .success: return []
        case .failure(let failure): return failure.errors
        }
    }

    @Test func picturesThatExistPass() {
        let errors = check("""
                - {type: image, source: photo.jpg, fit: cover}
                - {type: image, source: badge.svg}
                - {type: avatar, image: photo.png}
                - {type: text_field, icon: photo.png}
                - {type: text_field, icon: envelope}
                - {type: image, source: \(Self.imageDirectory)/badge.svg}
        """)
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func aMissingPictureIsAnErrorAtItsPath() {
        let errors = check("        - {type: image, source: gone.jpg}\n")
        #expect(errors.count == 1)
        #expect(errors.first?.line == 6 && errors.first?.column == 33)
        #expect(errors.first?.description.contains("does not exist") == true)
    }

    /// A bound path is only known when the kiosk runs, which logs a path it cannot read; the
    /// paths the formula spells out are checked, and one that cannot be read is a warning.
    @Test func aMissingPathABoundFormulaSpellsOutIsAWarning() throws {
        let text = "panels:\n  home:\n    root:\n      type: image\n      source: \"= 1 > 0 ? 'photo.jpg' : 'gone.jpg'\"\n"
        let result = ConfigLoader().load(bytes: Array(text.utf8), file: "kiosk.yaml", imageDirectory: Self.imageDirectory)
        let config = try #require(result.value, "a warning does not refuse the config")
        #expect(config.warnings.count == 1)
        let warning = try #require(config.warnings.first)
        #expect(warning.severity == .warning)
        #expect(warning.line == 5 && warning.column == 16)
        #expect(warning.description.hasPrefix("kiosk.yaml:5:16: warning: image 'source': 'gone.jpg', which the formula may give"),
                "\(warning)")
        // Nothing spelled out (a text that is no file name on its own), nothing to warn about.
        let unspelled = "panels:\n  home:\n    root:\n      type: image\n      source: \"= panel + '.png'\"\n"
        let loaded = ConfigLoader().load(bytes: Array(unspelled.utf8), file: "kiosk.yaml", imageDirectory: Self.imageDirectory)
        let quiet = try #require(loaded.value)
        #expect(quiet.warnings.isEmpty, "\(quiet.warnings)")
    }

    @Test func kioskCheckPrintsWarningsAndPasses() throws {
        let directory = NSTemporaryDirectory() + "image-warning-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/kiosk.yaml"
        try "panels:\n  home:\n    root: {type: image, source: \"= 'gone.png'\"}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let report = ConfigChecker().check(path: path)
        #expect(report.exitStatus == 0)
        #expect(report.output.contains("\(path):3:34: warning: image 'source': 'gone.png'"), "\(report.output)")
        #expect(report.output.contains("OK (1 panel, 1 widget, start 'home', 1 warning)"), "\(report.output)")
    }

    /// A config given as text has no directory: its paths cannot be checked.
    @Test func withoutADirectoryPathsAreNotChecked() {
        #expect(check("        - {type: image, source: gone.jpg}\n", imageDirectory: nil).isEmpty)
    }
}

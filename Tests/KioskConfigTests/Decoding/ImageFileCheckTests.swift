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

    /// A bound path is only known when the kiosk runs; it logs a path it cannot read.
    @Test func aBoundPathIsLeftToTheKiosk() {
        #expect(check("        - {type: image, source: \"= 'gone.jpg'\"}\n").isEmpty)
    }

    /// A config given as text has no directory: its paths cannot be checked.
    @Test func withoutADirectoryPathsAreNotChecked() {
        #expect(check("        - {type: image, source: gone.jpg}\n", imageDirectory: nil).isEmpty)
    }
}

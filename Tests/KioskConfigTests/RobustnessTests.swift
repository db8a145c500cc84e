import Foundation
import Glibc
import KioskTestSupport
import Testing
import KioskConfig

/// Whatever bytes arrive, loading ends with a result or errors, never a crash or a hang.
@Suite struct RobustnessTests {
    let loader = ConfigLoader()

    private func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-config-\(UUID())-\(name)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aZeroByteFileIsReportedEmpty() throws {
        let path = try temporaryFile("empty.yaml", [])
        let errors = loader.load(path: path).errors
        #expect(errors.map(\.description) == ["\(path):1:1: error: the config is empty: expected a mapping with 'panels'"])
    }

    @Test func aMissingFileSaysSo() {
        let errors = loader.load(path: "/nonexistent/kiosk.yaml").errors
        #expect(errors.first?.message == "the config file does not exist")
    }

    @Test func aDirectoryIsNotTakenForAnEmptyConfig() {
        let errors = loader.load(path: NSTemporaryDirectory()).errors
        #expect(errors.first?.message == "the config file is a directory")
    }

    @Test func aFIFOIsRefusedInsteadOfWaitedFor() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-config-\(UUID()).yaml").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let errors = loader.load(path: path).errors
        #expect(errors.map(\.description) == ["\(path):1:1: error: the config file is a FIFO"])
    }

    @Test func aSymlinkLoopIsNotCalledMissing() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-config-\(UUID()).yaml").path
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path)
        defer { unlink(path) }
        let errors = loader.load(path: path).errors
        #expect(errors.first?.message.hasPrefix("the config file is a symlink loop") == true)
    }

    @Test func aLinkToTheConfigIsFollowed() throws {
        let target = try temporaryFile("v2.yaml", Array("panels:\n  home:\n    children: [{type: label, text: Hi}]\n".utf8))
        let link = target + ".link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        defer { unlink(link) }
        #expect(loader.load(path: link).value?.panels.map(\.id) == ["home"])
    }

    @Test func randomBinaryBytesGiveAnError() throws {
        var generator = SeededRandom(seed: 7)
        let bytes = (0..<65_536).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let errors = loader.load(path: try temporaryFile("random.bin", bytes)).errors
        #expect(errors.count == 1)
        #expect(errors.first?.line == 1)
    }

    @Test func aPNGSignatureIsCalledBinary() throws {
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
        let errors = loader.load(bytes: bytes, file: "logo.png").errors
        #expect(errors.count == 1)
        #expect(errors.first?.description.contains("UTF-8") == true || errors.first?.description.contains("binary") == true)
    }

    @Test func aTenMegabyteFileIsRefusedWithoutReadingItAll() throws {
        let line = Array("  - {type: label, text: padding padding padding}\n".utf8)
        var bytes = Array("panels:\n  home:\n    children:\n".utf8)
        while bytes.count < 10 * 1024 * 1024 { bytes += line }
        let errors = loader.load(path: try temporaryFile("huge.yaml", bytes)).errors
        #expect(errors.count == 1)
        #expect(errors.first?.detail == "the file is too large to be a kiosk config: expected at most 4 MB, found a larger file")
        #expect(errors.first.map { ($0.line, $0.column) } ?? (0, 0) == (1, 1))
    }

    @Test func aLargeValidFileStillLoads() throws {
        var text = "panels:\n  home:\n    children:\n"
        for index in 0..<5_000 { text += "      - {type: label, id: l\(index), text: \"line \(index)\"}\n" }
        let spec = try #require(loader.load(text: text).value)
        #expect(spec.panels.first?.root.children.count == 5_000)
        #expect(spec.widget(id: "l4999")?.text("text") == .literal("line 4999"))
    }

    @Test func deepNestingIsAnErrorNotAStackOverflow() {
        let text = "panels: " + String(repeating: "[", count: 100_000)
        let errors = loader.load(text: text).errors
        #expect(errors.first?.message == "nesting is deeper than 200 levels")
    }

    @Test func aliasBombsAreRefused() {
        var text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h"] {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
            previous = name
        }
        let errors = loader.load(text: text).errors
        #expect(errors.contains { $0.message.contains("expands to more than") })
    }

    @Test func validationCollectsEveryErrorInsteadOfStoppingAtTheFirst() {
        let text = """
            panels:
              home:
                children:
                  - {type: label, colr: red}
                  - {type: buton}
                  - {type: progress, value: 3}
            """
        let errors = loader.load(text: text).errors
        #expect(errors.map { "\($0.line):\($0.column)" } == ["4:23", "5:16", "6:33"])
    }
}

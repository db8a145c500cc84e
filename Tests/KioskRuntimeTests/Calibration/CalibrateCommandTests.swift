import Foundation
import KioskConfig
import KioskInput
import KioskPlatform
import Testing
@testable import KioskRuntime

/// `kiosk calibrate` measures as the kiosk will use the display, and writes nothing it should not.
struct CalibrateCommandTests {
    let config = """
        display:
          rotation: 270
          device: /dev/dri/card1
        input:
          seat: seat1
          calibration: [2, 0, 0, 0, 2, 0]
        panels:
          home: {root: {type: label, text: Hi}}
        """

    @Test func theConfigsDisplayAndSeatAreUsedWithoutItsCalibration() throws {
        let spec = try ConfigLoader().load(text: config).get()
        let arguments = try CommandLineSyntax.calibrate.parse(["--config", "kiosk.yaml", "--device", "/dev/input/event7"])
        let options = try CalibrateCommand.runtimeOptions(config: spec, arguments: arguments)
        #expect(options.rotation == .clockwise270)
        #expect(options.devicePath == "/dev/dri/card1")
        #expect(options.inputDevicePaths == ["/dev/input/event7"])
        #expect(options.seat == "seat1")
        // Touches are measured raw, in pixels.
        #expect(options.calibration == .identity)
        #expect(options.scale == 1)
    }

    @Test func theCommandLineWins() throws {
        let spec = try ConfigLoader().load(text: config).get()
        let arguments = try CommandLineSyntax.calibrate.parse(["--config", "k.yaml", "--card", "/dev/dri/card0", "--rotation", "90"])
        let options = try CalibrateCommand.runtimeOptions(config: spec, arguments: arguments)
        #expect(options.rotation == .clockwise90)
        #expect(options.devicePath == "/dev/dri/card0")
        #expect(options.inputDevicePaths.isEmpty)
    }

    @Test func writingNeedsAConfigAndTheTimeoutIsBounded() throws {
        #expect(throws: UsageError.self) { try CalibrateCommand.run(try CommandLineSyntax.calibrate.parse(["--write"])) }
        for timeout in ["0", "-5", "nan", "1e12", "soon"] {
            #expect(throws: UsageError.self, "--timeout \(timeout)") {
                try CalibrateCommand.run(try CommandLineSyntax.calibrate.parse(["--timeout", timeout]))
            }
        }
    }
}

/// The config file is replaced whole or not at all, and stays what it was to the system.
struct ConfigFileReplacementTests {
    func scratch() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replace-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func theOldFileIsKeptAndThePermissionsStay() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/kiosk.yaml"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o640)
        try ConfigFileReplacement.replace(path, with: Array("new\n".utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        #expect(try String(contentsOfFile: path + ".previous", encoding: .utf8) == "old\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["kiosk.yaml", "kiosk.yaml.previous"])
    }

    /// `.previous` holds what the last replacement replaced, and nothing else is left beside.
    @Test func aSecondReplacementKeepsTheFirstAsPrevious() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/kiosk.yaml"
        try "first\n".write(toFile: path, atomically: false, encoding: .utf8)
        try ConfigFileReplacement.replace(path, with: Array("second\n".utf8))
        try ConfigFileReplacement.replace(path, with: Array("third\n".utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "third\n")
        #expect(try String(contentsOfFile: path + ".previous", encoding: .utf8) == "second\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["kiosk.yaml", "kiosk.yaml.previous"])
    }

    @Test func aFileThatDoesNotExistYetIsWrittenWithNoPrevious() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try ConfigFileReplacement.replace(directory + "/kiosk.yaml", with: Array("new\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["kiosk.yaml"])
    }

    @Test func aLinkKeepsPointingAtTheReplacedFile() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/real", withIntermediateDirectories: true)
        try "old\n".write(toFile: directory + "/real/kiosk.yaml", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/kiosk.yaml", withDestinationPath: "real/kiosk.yaml")
        try ConfigFileReplacement.replace(directory + "/kiosk.yaml", with: Array("new\n".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/kiosk.yaml") == "real/kiosk.yaml")
        #expect(try String(contentsOfFile: directory + "/real/kiosk.yaml", encoding: .utf8) == "new\n")
    }

    @Test func anUnwritableDirectoryChangesNothing() throws {
        #expect(throws: ConfigFileReplacement.Failure.self) {
            try ConfigFileReplacement.replace("/proc/no-such-dir/kiosk.yaml", with: Array("x".utf8))
        }
    }
}

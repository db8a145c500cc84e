import Foundation
import Glibc
import Testing
@testable import KioskGraphics

/// What in a font directory keeps fontconfig from scanning it: fontconfig opens every file there.
@Suite struct FontDirectoryCheckTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-fonts-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: root + "/nested/deeper", withIntermediateDirectories: true)
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: root + "/nested/Some.ttf"))
        // A link back to the top is visited once, as fontconfig does.
        try FileManager.default.createSymbolicLink(atPath: root + "/nested/deeper/up", withDestinationPath: root)
    }

    @Test func regularFilesDirectoriesAndLinksBackArePassed() {
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(FontDirectoryCheck.problem(in: root) == nil)
    }

    @Test func aFIFOAnywhereInTheTreeIsNamed() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Hidden entries are skipped by fontconfig, and so here.
        try #require(mkfifo(root + "/nested/.hidden.ttf", 0o600) == 0)
        #expect(FontDirectoryCheck.problem(in: root) == nil)
        try #require(mkfifo(root + "/nested/deeper/Pipe.ttf", 0o600) == 0)
        #expect(FontDirectoryCheck.problem(in: root)
                == "\(root)/nested/deeper/Pipe.ttf is a FIFO, which fontconfig would open as a font")
    }

    @Test func aLinkToADeviceIsNamed() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/Zero.otf", withDestinationPath: "/dev/zero")
        #expect(FontDirectoryCheck.problem(in: root) == "\(root)/Zero.otf is a character device, which fontconfig would open as a font")
    }

    @Test func aTreeTooDeepIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let deep = root + String(repeating: "/d", count: FontDirectoryCheck.maximumDepth + 1)
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        #expect(FontDirectoryCheck.problem(in: root)?.hasSuffix("is more than \(FontDirectoryCheck.maximumDepth) directories deep") == true)
    }

    @Test func aTreeOfMoreThanTenThousandEntriesIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let many = root + "/many"
        try FileManager.default.createDirectory(atPath: many, withIntermediateDirectories: true)
        // The tree already holds 5 entries: nested, deeper, Some.ttf, up and many.
        for index in 0..<(FontDirectoryCheck.maximumEntries - 5) {
            #expect(FileManager.default.createFile(atPath: "\(many)/\(index).ttf", contents: nil))
        }
        #expect(FontDirectoryCheck.problem(in: root) == nil)
        #expect(FileManager.default.createFile(atPath: "\(many)/last.ttf", contents: nil))
        #expect(FontDirectoryCheck.problem(in: root) == "it holds more than 10000 files and directories")
    }
}

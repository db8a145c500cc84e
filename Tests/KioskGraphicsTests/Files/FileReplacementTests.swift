import Foundation
import Glibc
import KioskGraphics
import Testing

/// New contents are renamed over the path: what was there is replaced, never written through.
struct FileReplacementTests {
    let scratch: ScratchDirectory
    var directory: String { scratch.path }

    init() throws {
        scratch = try ScratchDirectory("file-replacement")
    }

    func contents(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    @Test func aFileIsReplacedAndNothingIsLeftBeside() throws {
        let path = directory + "/frame.png"
        try FileReplacement.replace(path, with: [1, 2, 3])
        try FileReplacement.replace(path, with: [4, 5])
        #expect(contents(path) == [4, 5])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["frame.png"])
        let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o644)
    }

    /// A link at `path` to `precious.txt` beside it, which holds "precious"; returns that file's path.
    func linkToAPreciousFile(at path: String) throws -> String {
        let elsewhere = directory + "/precious.txt"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: elsewhere))
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: elsewhere)
        return elsewhere
    }

    @Test func aLinkIsReplacedAndWhatItPointedToIsLeftAlone() throws {
        let elsewhere = try linkToAPreciousFile(at: directory + "/frame.png")
        try FileReplacement.replace(directory + "/frame.png", with: [7])
        #expect(contents(elsewhere) == Array("precious".utf8))
        #expect(contents(directory + "/frame.png") == [7])
        var info = stat()
        #expect(lstat(directory + "/frame.png", &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    }

    /// Nothing reads the FIFO: written through, the writer would wait for ever.
    @Test func aFIFOIsReplacedWithoutWaiting() throws {
        let path = directory + "/frame.png"
        try #require(mkfifo(path, 0o600) == 0)
        try FileReplacement.replace(path, with: [9, 9])
        #expect(contents(path) == [9, 9])
    }

    /// A link left where the new contents are first written is removed, not written through.
    @Test func whatLiesWhereTheContentsAreFirstWrittenIsNotWrittenThrough() throws {
        let elsewhere = try linkToAPreciousFile(at: directory + "/.frame.png.\(getpid()).partial")
        try FileReplacement.replace(directory + "/frame.png", with: [5])
        #expect(contents(elsewhere) == Array("precious".utf8))
        #expect(contents(directory + "/frame.png") == [5])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["frame.png", "precious.txt"])
    }

    /// Given permissions are the file's exactly: a usual umask (022) would have taken some away.
    @Test func givenPermissionsAreKeptWhole() throws {
        let path = directory + "/kiosk.yaml"
        try FileReplacement.replace(path, with: [1], permissions: 0o666, durably: true)
        let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o666)
        #expect(contents(path) == [1])
    }

    @Test func aDirectoryThatCannotBeWrittenIsAnErrorThatSaysWhy() throws {
        #expect {
            try FileReplacement.replace(directory + "/missing/frame.png", with: [1])
        } throws: { error in
            "\(error)".hasPrefix("\(directory)/missing/frame.png not written: cannot create ")
                && "\(error)".hasSuffix(": No such file or directory")
        }
    }
}

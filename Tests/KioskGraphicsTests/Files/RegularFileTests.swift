import Foundation
import Glibc
import KioskGraphics
import Testing

/// Only regular files are read; anything else is named, at once, without blocking.
@MainActor
struct RegularFileTests {
    let scratch: ScratchDirectory
    var directory: String { scratch.path }

    init() throws {
        scratch = try ScratchDirectory("regular-file")
    }

    func problem(_ path: String, followingSymlinks: Bool = true) -> RegularFileError.Problem? {
        do {
            _ = try RegularFile.contents(of: path, limit: 1024, followingSymlinks: followingSymlinks)
            return nil
        } catch {
            return error.problem
        }
    }

    @Test func aRegularFileIsReadWhole() throws {
        let path = directory + "/a.txt"
        try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try RegularFile.contents(of: path, limit: 5) == Array("hello".utf8))
        #expect(problem(path) == nil)
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() {
        let path = directory + "/fifo"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(problem(path) == .notRegular("a FIFO"))
        #expect(RegularFileError(path: path, problem: .notRegular("a FIFO")).reason == "is a FIFO")
    }

    @Test func aDirectoryADeviceAndAMissingFileAreNamed() {
        #expect(problem(directory) == .notRegular("a directory"))
        #expect(problem("/dev/null") == .notRegular("a character device"))
        #expect(problem(directory + "/missing") == .doesNotExist)
    }

    @Test func aSymlinkLoopIsCalledOneNotMissing() throws {
        let a = directory + "/a.yaml", b = directory + "/b.yaml"
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
        #expect(problem(a) == .symlinkLoop)
        #expect(problem(a, followingSymlinks: false) == .symlinkLoop)
        #expect(RegularFileError(path: a, problem: .symlinkLoop).reason.hasPrefix("is a symlink loop"))
    }

    @Test func aLinkToARegularFileIsFollowedUnlessAskedNotTo() throws {
        let target = directory + "/kiosk-v2.yaml", link = directory + "/kiosk.yaml"
        try Data("v2".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(try RegularFile.contents(of: link, limit: 10) == Array("v2".utf8))
        #expect(problem(link, followingSymlinks: false) == .symlink)
    }

    @Test func aFileOverTheLimitIsRefused() throws {
        let path = directory + "/big"
        try Data(repeating: 7, count: 1025).write(to: URL(fileURLWithPath: path))
        #expect(problem(path) == .tooLarge(limit: 1024))
        #expect(try RegularFile.contents(of: path, limit: 1025).count == 1025)
    }

    @Test func aPNGAtAFIFOIsAnErrorNotAHang() throws {
        let path = directory + "/logo.png"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: SurfaceError.self) { try Surface(contentsOfPNG: path) }
        do {
            _ = try Surface(contentsOfPNG: path)
        } catch {
            #expect("\(error)" == "cannot read PNG \(path): it is a FIFO")
        }
    }

    @Test func aPNGStillDecodesFromItsFile() throws {
        let path = directory + "/dot.png"
        let dot = Surface(width: 3, height: 2)
        try dot.writePNG(to: path)
        let read = try Surface(contentsOfPNG: path)
        #expect(read.width == 3 && read.height == 2)
    }
}

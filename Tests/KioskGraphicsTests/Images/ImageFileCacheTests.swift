import Foundation
import KioskGraphics
import Testing

struct ImageFileCacheTests {
    /// A scratch directory with copies of the fixtures, removed at the end.
    final class Scratch {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("image-cache-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: directory) }

        func copy(_ fixture: String, as name: String) throws -> String {
            let path = directory.appendingPathComponent(name).path
            try? FileManager.default.removeItem(atPath: path)
            try FileManager.default.copyItem(atPath: ImageFixtures.path(fixture), toPath: path)
            return path
        }

        func setModificationTime(of path: String, to seconds: TimeInterval) throws {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: path)
        }
    }

    @Test func aSecondLookupIsAHitAndTheSameDecoding() throws {
        let scratch = try Scratch(), cache = ImageFileCache()
        let path = try scratch.copy("photo.jpg", as: "photo.jpg")
        guard case .bitmap(let first) = try cache.content(at: path), case .bitmap(let second) = try cache.content(at: path) else {
            Issue.record("a JPEG is a bitmap"); return
        }
        #expect(first === second)
        #expect(cache.misses == 1 && cache.hits == 1)
        #expect(cache.bytes == first.stride * first.height)
    }

    @Test func aFileChangedOnDiskIsDecodedAgainAndItsOldDecodingDropped() throws {
        let scratch = try Scratch(), cache = ImageFileCache()
        let path = try scratch.copy("photo.jpg", as: "picture")
        try scratch.setModificationTime(of: path, to: 1_000_000)
        guard case .bitmap(let jpeg) = try cache.content(at: path) else { Issue.record("a bitmap"); return }
        #expect(jpeg.width == 64)
        // Replaced by a PNG under the same name, with another modification time.
        _ = try scratch.copy("photo.png", as: "picture")
        try scratch.setModificationTime(of: path, to: 2_000_000)
        guard case .bitmap(let png) = try cache.content(at: path) else { Issue.record("a bitmap"); return }
        #expect(png.width == 32)
        #expect(cache.misses == 2 && cache.hits == 0)
        #expect(cache.count == 1, "the old version's decoding is dropped")
        #expect(cache.bytes == png.stride * png.height)
    }

    @Test func theSameContentsWithANewModificationTimeAreAMiss() throws {
        let scratch = try Scratch(), cache = ImageFileCache()
        let path = try scratch.copy("photo.png", as: "photo.png")
        try scratch.setModificationTime(of: path, to: 1_000_000)
        _ = try cache.content(at: path)
        try scratch.setModificationTime(of: path, to: 1_000_001)
        _ = try cache.content(at: path)
        _ = try cache.content(at: path)
        #expect(cache.misses == 2 && cache.hits == 1)
    }

    @Test func theByteBudgetDropsTheLeastRecentlyUsed() throws {
        let scratch = try Scratch()
        // One 64 × 48 JPEG takes 12 288 bytes: the budget holds one and a bit.
        let cache = ImageFileCache(byteBudget: 16_000)
        let a = try scratch.copy("photo.jpg", as: "a.jpg"), b = try scratch.copy("photo.jpg", as: "b.jpg")
        _ = try cache.content(at: a)
        _ = try cache.content(at: b)
        #expect(cache.count == 1 && cache.bytes <= 16_000)
        _ = try cache.content(at: b)
        #expect(cache.hits == 1)
        _ = try cache.content(at: a)
        #expect(cache.misses == 3, "a was dropped to make room for b")
    }

    @Test func svgRenderingsAreCachedBySize() throws {
        let scratch = try Scratch(), cache = ImageFileCache()
        let path = try scratch.copy("badge.svg", as: "badge.svg")
        guard case .vector(let document) = try cache.content(at: path) else { Issue.record("a vector"); return }
        let first = cache.rendering(of: document, width: 48, height: 48)
        #expect(cache.rendering(of: document, width: 48, height: 48) === first)
        let larger = cache.rendering(of: document, width: 72, height: 72)
        #expect(larger !== first && larger.width == 72)
        #expect(cache.misses == 3 && cache.hits == 1)
    }

    @Test func aMissingOrSpecialFileIsAnError() throws {
        let scratch = try Scratch(), cache = ImageFileCache()
        #expect {
            try cache.content(at: scratch.directory.appendingPathComponent("gone.png").path)
        } throws: { error in
            "\(error)".contains("does not exist")
        }
        #expect {
            try cache.content(at: scratch.directory.path)
        } throws: { error in
            "\(error)".contains("is a directory")
        }
    }

    @Test func aFailureIsReportedOncePerPathAndReason() throws {
        let scratch = try Scratch(), cache = ImageFileCache()
        let path = scratch.directory.appendingPathComponent("x.png").path
        func failure() -> SurfaceError? {
            do { _ = try cache.content(at: path); return nil } catch { return error }
        }
        let missing = try #require(failure())
        #expect(cache.shouldReport(missing, for: path))
        #expect(!cache.shouldReport(missing, for: path))
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(cache.shouldReport(try #require(failure()), for: path), "another reason is reported")
        cache.forgetFailure(for: path)
        #expect(cache.shouldReport(missing, for: path))
    }
}

import CFontFiles
import Foundation
import Glibc
import KioskGraphics
import Testing

/// cairo draws glyphs with FreeType and Pango shapes with HarfBuzz; both read the same font file,
/// through one mapping of it, which goes with its last user.
@MainActor @Suite struct FontFilesTests {
    /// How many mappings of each font file this process has, by path.
    static func fontMappings() -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in Self.processMaps().split(separator: "\n") {
            guard let path = line.split(separator: " ").dropFirst(5).first else { continue }
            if [".ttf", ".otf", ".ttc"].contains(where: { path.lowercased().hasSuffix($0) }) { counts[String(path), default: 0] += 1 }
        }
        return counts
    }

    /// /proc/self/maps; a path that is not UTF-8 (other tests make some) is read with replacement
    /// characters.
    static func processMaps() -> String {
        let bytes = (try? RegularFile.contents(of: "/proc/self/maps", limit: 64 << 20)) ?? []
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A directory of the test's own, removed with what is in it.
    final class Directory {
        let path: String

        init() throws {
            path = try #require(mkdtemp(strdup("/tmp/kiosk-fonts-XXXXXX")).map { String(cString: $0) })
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// A copy of a font the system has: a file no other test maps.
        func copyOfAFont() throws -> String {
            let system = try #require(FontFilesTests.fontMappings().keys.sorted().first, "drawing text maps a font")
            let copy = path + "/copy.ttf"
            try FileManager.default.copyItem(atPath: system, toPath: copy)
            return copy
        }
    }

    @Test func textDrawnInTwoWeightsMapsEachFontFileOnce() {
        let canvas = Canvas(surface: Surface(width: 320, height: 80))
        for (index, weight) in [Font.Weight.regular, .bold].enumerated() {
            let layout = TextLayout(text: "Shaped and drawn 0123", font: Font(size: 20, weight: weight))
            canvas.draw(layout, at: Point(x: 4, y: 4 + 36 * Double(index)), color: RGBA(hex: 0x000000))
        }
        let mappings = Self.fontMappings()
        #expect(!mappings.isEmpty, "drawing text mapped a font")
        #expect(mappings.values.allSatisfy { $0 == 1 }, "mapped more than once: \(mappings.filter { $0.value > 1 })")
    }

    @Test func facesAndBlobsShareAMappingThatGoesWithTheLast() throws {
        Canvas(surface: Surface(width: 40, height: 20)).draw(TextLayout(text: "a", font: Font(size: 12)), at: .zero, color: RGBA(hex: 0))
        let directory = try Directory()
        let path = try directory.copyOfAFont()
        var library: FT_Library?
        try #require(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }

        var first: FT_Face?, second: FT_Face?
        #expect(FT_New_Face(library, path, 0, &first) == 0)
        #expect(FT_New_Face(library, path, 0, &second) == 0)
        let blob = hb_blob_create_from_file(path)
        #expect(hb_blob_get_length(blob) == UInt32(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? -1))
        #expect(first?.pointee.num_glyphs ?? 0 > 0)
        #expect(Self.fontMappings()[path] == 1, "two faces and a blob, one mapping")

        FT_Done_Face(first)
        FT_Done_Face(second)
        #expect(Self.fontMappings()[path] == 1, "the blob still uses it")
        hb_blob_destroy(blob)
        #expect(Self.fontMappings()[path] == nil)
    }

    /// What is not a font file is refused, as the libraries refuse it: FreeType cannot open it and
    /// HarfBuzz's blob is empty. A FIFO is not waited on.
    @Test func aMissingFileADirectoryOrAFIFOIsRefusedWithoutWaiting() throws {
        let directory = try Directory()
        let fifo = directory.path + "/face.ttf"
        try #require(mkfifo(fifo, 0o600) == 0)
        let empty = directory.path + "/empty.ttf"
        try #require(FileManager.default.createFile(atPath: empty, contents: Data()))
        var library: FT_Library?
        try #require(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }

        for path in [fifo, empty, directory.path + "/missing.ttf", directory.path] {
            var face: FT_Face?
            #expect(FT_New_Face(library, path, 0, &face) != 0, "\(path)")
            #expect(face == nil)
            let blob = hb_blob_create_from_file(path)
            #expect(hb_blob_get_length(blob) == 0, "\(path)")
            hb_blob_destroy(blob)
        }
        #expect(Self.fontMappings().keys.allSatisfy { !$0.hasPrefix(directory.path) })
    }
}

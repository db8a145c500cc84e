import Foundation
import KioskGraphics
import Testing

/// The picture files under Tests/Fixtures/Images.
enum ImageFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Images")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    static func bytes(_ name: String) throws -> [UInt8] { try [UInt8](Data(contentsOf: directory.appendingPathComponent(name))) }
}

/// The channels of a 0xAARRGGBB pixel, for colour checks with a tolerance (JPEG is lossy).
func channels(_ pixel: UInt32) -> (red: Int, green: Int, blue: Int) {
    (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
}

func isClose(_ pixel: UInt32, to rgb: (Int, Int, Int), within tolerance: Int = 24) -> Bool {
    let c = channels(pixel)
    return abs(c.red - rgb.0) <= tolerance && abs(c.green - rgb.1) <= tolerance && abs(c.blue - rgb.2) <= tolerance
}

struct ImageDecodingTests {
    @Test func formatsAreToldByTheirBytesBeforeTheirNames() throws {
        #expect(ImageFormat.detect(bytes: try ImageFixtures.bytes("photo.jpg"), path: "photo.png") == .jpeg)
        #expect(ImageFormat.detect(bytes: try ImageFixtures.bytes("photo.png"), path: "x.jpg") == .png)
        #expect(ImageFormat.detect(bytes: try ImageFixtures.bytes("badge.svg"), path: "badge") == .svg)
        #expect(ImageFormat.detect(bytes: [], path: "empty.svg") == .svg)
        #expect(ImageFormat.detect(bytes: Array("hello".utf8), path: "notes.txt") == nil)
        #expect(ImageFormat.detect(bytes: Array("not a png".utf8), path: "broken.png") == nil, "a PNG has its signature")
        #expect(ImageFormat.isImagePath("icons/door.PNG") && !ImageFormat.isImagePath("envelope"))
    }

    @Test func aJPEGDecodesToItsPixels() throws {
        guard case .bitmap(let surface) = try ImageFileCache.decode(try ImageFixtures.bytes("photo.jpg"), name: "photo.jpg") else {
            Issue.record("a JPEG is a bitmap"); return
        }
        #expect(surface.width == 64 && surface.height == 48)
        #expect(isClose(surface.pixel(x: 8, y: 4), to: (216, 60, 40)), "top left is red")
        #expect(isClose(surface.pixel(x: 56, y: 4), to: (40, 166, 70)), "top right is green")
        #expect(isClose(surface.pixel(x: 8, y: 44), to: (40, 80, 174)), "bottom left is blue")
        #expect(isClose(surface.pixel(x: 56, y: 44), to: (204, 164, 40)), "bottom right is yellow")
    }

    @Test func aCorruptJPEGIsAnErrorNotAnExit() throws {
        var bytes = try ImageFixtures.bytes("photo.jpg")
        bytes = Array(bytes.prefix(200))
        #expect(throws: SurfaceError.self) { try ImageFileCache.decode(bytes, name: "cut.jpg") }
        #expect(throws: SurfaceError.self) { try ImageFileCache.decode([0xFF, 0xD8, 0xFF, 0x00, 0x01], name: "tiny.jpg") }
    }

    /// A JPEG whose frame header claims 60 000 × 60 000 pixels: refused from the header, before
    /// 14 GB are asked for.
    @Test func aJPEGDecompressionBombIsRefusedFromItsHeader() throws {
        var bytes = try ImageFixtures.bytes("photo.jpg")
        let frame = try #require((0..<bytes.count - 9).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        // SOF0: FF C0, length (2), precision (1), height (2), width (2).
        bytes[frame + 5] = 0xEA; bytes[frame + 6] = 0x60
        bytes[frame + 7] = 0xEA; bytes[frame + 8] = 0x60
        #expect {
            try ImageFileCache.decode(bytes, name: "bomb.jpg")
        } throws: { error in
            "\(error)".contains("too large: 60000×60000 pixels")
        }
    }

    @Test func aPNGDecompressionBombIsRefusedFromItsHeader() throws {
        var bytes = try ImageFixtures.bytes("photo.png")
        // IHDR width and height (big-endian) at 16 and 20: 30 000 × 30 000 (900 million pixels).
        bytes.replaceSubrange(16..<24, with: [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30])
        #expect {
            try ImageFileCache.decode(bytes, name: "bomb.png")
        } throws: { error in
            "\(error)".contains("too large: 30000×30000 pixels")
        }
    }

    @Test func anSVGKeepsItsDeclaredSizeAndDrawsAtAnySize() throws {
        guard case .vector(let document) = try ImageFileCache.decode(try ImageFixtures.bytes("badge.svg"), name: "badge.svg") else {
            Issue.record("an SVG is a vector document"); return
        }
        #expect(document.intrinsicSize == Size(width: 48, height: 48))
        let small = document.rendered(width: 48, height: 48), large = document.rendered(width: 480, height: 480)
        #expect(large.width == 480)
        // The blue tile, the white head and the red corner, at both sizes.
        for (surface, unit) in [(small, 1), (large, 10)] {
            #expect(isClose(surface.pixel(x: 40 * unit, y: 8 * unit), to: (0x1E, 0x88, 0xE5), within: 2))
            #expect(isClose(surface.pixel(x: 24 * unit, y: 20 * unit), to: (255, 255, 255), within: 2))
            #expect(isClose(surface.pixel(x: 8 * unit, y: 8 * unit), to: (0xE5, 0x39, 0x35), within: 2))
            #expect(surface.pixel(x: 0, y: 24 * unit) >> 24 == 0, "outside the tile is transparent")
        }
    }

    @Test func anSVGWithoutASizeOrBrokenXMLIsAnError() {
        #expect(throws: SurfaceError.self) {
            try ImageFileCache.decode(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect".utf8), name: "cut.svg")
        }
        #expect(throws: SurfaceError.self) {
            try ImageFileCache.decode(Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\"/>".utf8), name: "empty.svg")
        }
    }

    @Test func anUnknownFormatIsNamed() {
        #expect {
            try ImageFileCache.decode(Array("just text".utf8), name: "notes.txt")
        } throws: { error in
            "\(error)".contains("not a PNG, JPEG or SVG file")
        }
    }
}

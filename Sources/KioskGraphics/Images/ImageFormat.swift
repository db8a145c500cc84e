/// The picture formats an image file may hold, told apart by their first bytes (a file named
/// `.png` that is really a JPEG is still shown); an SVG whose first kilobyte shows no `<svg` is
/// still one when its name ends in `.svg`.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png
    case jpeg
    case svg

    /// The extensions a path names a picture by, for properties that take a symbol name or a path.
    public static let fileExtensions = ["png", "jpg", "jpeg", "svg"]

    /// Whether `written` names a picture file rather than a symbol: a path with a picture extension.
    public static func isImagePath(_ written: String) -> Bool {
        guard let dot = written.lastIndex(of: ".") else { return false }
        return fileExtensions.contains(written[written.index(after: dot)...].lowercased())
    }

    public static func detect(bytes: [UInt8], path: String) -> ImageFormat? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if looksLikeSVG(bytes) { return .svg }
        // PNG and JPEG always start with their signature; an SVG may open with a long comment.
        guard let dot = path.lastIndex(of: ".") else { return nil }
        return path[path.index(after: dot)...].lowercased() == "svg" ? .svg : nil
    }

    /// XML text whose first kilobyte mentions an `<svg` element.
    private static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self)
        let trimmed = head.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        return trimmed.hasPrefix("<") && head.contains("<svg")
    }
}

/// Refuses pictures whose header promises more pixels than a kiosk shows, before any memory is
/// taken for them: a few hundred bytes of JPEG or PNG can declare 65 535 × 65 535 pixels (16 GB).
public enum ImageLimits {
    /// 8192 × 4096, twice a 4K screen: 128 MB of pixels at most.
    public static let maximumPixels = 8192 * 4096
    /// Image files larger than this are not pictures a kiosk shows.
    public static let maximumFileSize = 64 * 1024 * 1024

    public static func check(width: Int, height: Int, name: String) throws(SurfaceError) {
        guard width > 0, height > 0 else {
            throw SurfaceError(description: "cannot read image \(name): it declares \(width)×\(height) pixels")
        }
        guard width <= Surface.maximumSide, height <= Surface.maximumSide, width * height <= maximumPixels else {
            throw SurfaceError(description: "image \(name) is too large: \(width)×\(height) pixels "
                + "(at most \(maximumPixels / 1_000_000) million, and \(Surface.maximumSide) a side); scale it down")
        }
    }

    /// The width and height a PNG's IHDR chunk declares, or nil when the bytes do not start like a PNG.
    static func pngDimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, ImageFormat.detect(bytes: bytes, path: "") == .png,
              bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func bigEndian(at offset: Int) -> Int {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        return (bigEndian(at: 16), bigEndian(at: 20))
    }
}

/// Which version of a file a decoded picture came from: a file replaced or rewritten on disk has
/// another modification time or size, so its old decodings are no longer found.
public struct ImageFileStamp: Hashable, Sendable {
    public var path: String
    public var modificationTime: Int64
    public var size: Int
}

/// A picture as decoded from its file: pixels, or an SVG drawn at the size it is shown.
public enum ImageContent {
    case bitmap(Surface)
    case vector(SVGDocument)

    /// The natural size: the bitmap's pixels, or the SVG's declared size.
    public var size: Size {
        switch self {
        case .bitmap(let surface): surface.size
        case .vector(let document): document.intrinsicSize
        }
    }
}

/// Decoded image files and SVG renderings, keyed by file, modification time and rendered size,
/// within a byte budget (the least recently used dropped first).
///
/// Every lookup opens the file and `fstat`s it (`RegularFile`), so a picture replaced on disk is
/// decoded again the next time it is asked for, and what it replaced is dropped at once.
public final class ImageFileCache {
    /// The cache every image view of the kiosk shares.
    @MainActor public static let shared = ImageFileCache()

    private struct Key: Hashable {
        var stamp: ImageFileStamp
        /// 0 × 0: the file as decoded; otherwise an SVG rendered at this many device pixels.
        var pixelWidth = 0
        var pixelHeight = 0
    }

    private var entries: LeastRecentlyUsedCache<Key, ImageContent>
    /// Lookups answered from the cache, and those that decoded or rendered.
    public private(set) var hits = 0
    public private(set) var misses = 0
    /// Paths whose last failure was already reported, so that a view redrawn or updated with the
    /// same unreadable path logs it once.
    private var reportedFailures: [String: String] = [:]

    /// 48 MB: a few full-screen photos and their SVG renderings on a 1080p kiosk.
    public init(byteBudget: Int = 48 * 1024 * 1024, capacity: Int = 256) {
        entries = LeastRecentlyUsedCache(capacity: capacity, byteBudget: byteBudget)
    }

    public var bytes: Int { entries.bytes }
    public var count: Int { entries.count }

    /// The picture at `path` (PNG, JPEG or SVG, told by its first bytes), decoded once per version
    /// of the file.
    public func content(at path: String) throws(SurfaceError) -> ImageContent {
        let file: RegularFile
        do {
            file = try RegularFile(path: path)
        } catch {
            throw SurfaceError(description: "cannot read image \(path): it \(error.reason)")
        }
        let stamp = ImageFileStamp(path: path, modificationTime: file.modificationTime, size: file.size)
        let key = Key(stamp: stamp)
        if let content = entries.value(for: key) {
            hits += 1
            return content
        }
        misses += 1
        entries.removeValues { $0.stamp.path == path && $0.stamp != stamp }
        let bytes: [UInt8]
        do {
            bytes = try file.readAll(limit: ImageLimits.maximumFileSize)
        } catch {
            throw SurfaceError(description: "cannot read image \(path): it \(error.reason)")
        }
        let content = try Self.decode(bytes, name: path, origin: stamp)
        let size = switch content {
        case .bitmap(let surface): surface.stride * surface.height
        case .vector: bytes.count
        }
        entries.insert(content, bytes: size, for: key)
        return content
    }

    /// `document` drawn to fill `width`×`height` device pixels, rendered once per size.
    public func rendering(of document: SVGDocument, width: Int, height: Int) -> Surface {
        let width = min(max(width, 1), Surface.maximumSide), height = min(max(height, 1), Surface.maximumSide)
        guard let origin = document.origin else { return document.rendered(width: width, height: height) }
        let key = Key(stamp: origin, pixelWidth: width, pixelHeight: height)
        if case .bitmap(let surface)? = entries.value(for: key) {
            hits += 1
            return surface
        }
        misses += 1
        let surface = document.rendered(width: width, height: height)
        entries.insert(.bitmap(surface), bytes: surface.stride * surface.height, for: key)
        return surface
    }

    /// True the first time a failure is seen for `path` (or when its reason changed): the caller
    /// logs it then, and stays quiet on the repeats. A success forgets it.
    public func shouldReport(_ failure: SurfaceError, for path: String) -> Bool {
        guard reportedFailures[path] != failure.description else { return false }
        reportedFailures[path] = failure.description
        return true
    }

    public func forgetFailure(for path: String) {
        reportedFailures[path] = nil
    }

    /// Decodes bytes already read: `name` names the file in errors.
    public static func decode(_ bytes: [UInt8], name: String, origin: ImageFileStamp? = nil) throws(SurfaceError) -> ImageContent {
        switch ImageFormat.detect(bytes: bytes, path: name) {
        case .png:
            do {
                return .bitmap(try Surface(pngBytes: bytes, name: name))
            } catch let error as SurfaceError {
                throw error
            } catch {
                throw SurfaceError(description: "cannot read PNG \(name): \(error)")
            }
        case .jpeg:
            return .bitmap(try JPEGDecoder().decode(bytes, name: name))
        case .svg:
            return .vector(try SVGDocument(bytes: bytes, name: name, origin: origin))
        case nil:
            throw SurfaceError(description: "cannot read image \(name): it is not a PNG, JPEG or SVG file")
        }
    }
}

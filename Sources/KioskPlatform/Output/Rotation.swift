import KioskGraphics

/// How the panel is mounted: the UI is laid out in the rotated size and written rotated into the
/// scanout buffer while copying damage, so nothing is ever painted twice.
nonisolated public enum Rotation: Int, Sendable, CaseIterable {
    case none = 0
    case clockwise90 = 90
    case upsideDown = 180
    case clockwise270 = 270

    /// The size the UI sees for a buffer of the given size.
    public func logicalSize(forBufferWidth width: Int, height: Int) -> (width: Int, height: Int) {
        switch self {
        case .none, .upsideDown: (width, height)
        case .clockwise90, .clockwise270: (height, width)
        }
    }

    /// Where a logical (UI) rectangle lands in a buffer of the given size.
    public func bufferRect(for rect: PixelRect, bufferWidth: Int, bufferHeight: Int) -> PixelRect {
        switch self {
        case .none:
            return rect
        case .upsideDown:
            return PixelRect(x: bufferWidth - rect.maxX, y: bufferHeight - rect.maxY, width: rect.width, height: rect.height)
        case .clockwise90:
            // Logical (x, y) shows at buffer (W - 1 - y, x): the top of the UI is on the buffer's right.
            return PixelRect(x: bufferWidth - rect.maxY, y: rect.x, width: rect.height, height: rect.width)
        case .clockwise270:
            return PixelRect(x: rect.y, y: bufferHeight - rect.maxX, width: rect.height, height: rect.width)
        }
    }

    /// Maps a point on the buffer (a touch in display coordinates) back to the UI.
    public func logicalPoint(forBufferPoint point: Point, bufferWidth: Int, bufferHeight: Int) -> Point {
        let w = Double(bufferWidth), h = Double(bufferHeight)
        switch self {
        case .none: return point
        case .upsideDown: return Point(x: w - point.x, y: h - point.y)
        case .clockwise90: return Point(x: point.y, y: w - point.x)
        case .clockwise270: return Point(x: h - point.y, y: point.x)
        }
    }

    /// Where a UI point shows on the buffer: the inverse of `logicalPoint(forBufferPoint:…)`.
    public func bufferPoint(forLogicalPoint point: Point, bufferWidth: Int, bufferHeight: Int) -> Point {
        let w = Double(bufferWidth), h = Double(bufferHeight)
        switch self {
        case .none: return point
        case .upsideDown: return Point(x: w - point.x, y: h - point.y)
        case .clockwise90: return Point(x: w - point.y, y: point.x)
        case .clockwise270: return Point(x: point.y, y: h - point.x)
        }
    }
}

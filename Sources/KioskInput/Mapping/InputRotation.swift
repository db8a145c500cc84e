import KioskGraphics

/// How the panel is mounted, with the compositor's convention (degrees clockwise; at 90 the UI's
/// top is on the buffer's right, so logical (x, y) shows at buffer (W - 1 - y, x)). Input keeps its
/// own copy of the four cases because it may not depend on the compositor; the raw values match, so
/// `InputRotation(rawValue: rotation.rawValue)` converts.
nonisolated public enum InputRotation: Int, Sendable, CaseIterable {
    case none = 0
    case clockwise90 = 90
    case upsideDown = 180
    case clockwise270 = 270

    /// The UI size for a display (buffer) of the given size.
    public func uiSize(forDisplayWidth width: Int, height: Int) -> Size {
        switch self {
        case .none, .upsideDown: Size(width: Double(width), height: Double(height))
        case .clockwise90, .clockwise270: Size(width: Double(height), height: Double(width))
        }
    }

    /// Maps a point on the display buffer to the UI point drawn there.
    public func uiPoint(forDisplayPoint point: Point, displayWidth: Int, displayHeight: Int) -> Point {
        let w = Double(displayWidth), h = Double(displayHeight)
        switch self {
        case .none: return point
        case .upsideDown: return Point(x: w - point.x, y: h - point.y)
        case .clockwise90: return Point(x: point.y, y: w - point.x)
        case .clockwise270: return Point(x: h - point.y, y: point.x)
        }
    }
}

/// A rectangle of whole device pixels: what damage, clipping and copying work in.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The whole pixels that `rect` touches, snapped outward.
    public init(covering rect: Rect) {
        let snapped = rect.integral
        if snapped.isEmpty {
            self.init(x: 0, y: 0, width: 0, height: 0)
        } else {
            self.init(x: Int(saturating: snapped.minX), y: Int(saturating: snapped.minY),
                      width: Int(saturating: snapped.width), height: Int(saturating: snapped.height))
        }
    }

    /// The whole pixels lying entirely inside `rect`.
    public init(exactlyInside rect: Rect) {
        let x0 = (rect.minX - 1e-9).rounded(.up), y0 = (rect.minY - 1e-9).rounded(.up)
        let x1 = (rect.maxX + 1e-9).rounded(.down), y1 = (rect.maxY + 1e-9).rounded(.down)
        if x1 <= x0 || y1 <= y0 {
            self.init(x: 0, y: 0, width: 0, height: 0)
        } else {
            self.init(x: Int(saturating: x0), y: Int(saturating: y0), width: Int(saturating: x1 - x0), height: Int(saturating: y1 - y0))
        }
    }

    public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var area: Int { isEmpty ? 0 : width * height }
    public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    public func intersects(_ other: PixelRect) -> Bool { !intersection(other).isEmpty }

    public var description: String { "[\(x),\(y) \(width)x\(height)]" }
}

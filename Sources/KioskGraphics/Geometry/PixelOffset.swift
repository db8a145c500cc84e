/// A move by whole device pixels: where antiburn places the picture on the display.
public struct PixelOffset: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public static let zero = PixelOffset(x: 0, y: 0)

    public static prefix func - (offset: PixelOffset) -> PixelOffset {
        PixelOffset(x: -offset.x, y: -offset.y)
    }

    public var description: String { "(\(x), \(y))" }
}

extension PixelRect {
    /// The same rectangle moved by `offset`.
    public func offsetBy(_ offset: PixelOffset) -> PixelRect {
        PixelRect(x: x + offset.x, y: y + offset.y, width: width, height: height)
    }
}

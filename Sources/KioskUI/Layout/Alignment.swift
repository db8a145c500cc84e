import KioskGraphics

/// Where content sits along the horizontal axis of the space it is given.
public enum HorizontalAlignment: String, Sendable {
    case leading, center, trailing, fill
}

/// Where content sits along the vertical axis of the space it is given.
public enum VerticalAlignment: String, Sendable {
    case top, center, bottom, fill
}

/// A place in a rectangle: stacks use the component across their axis, overlays use both.
public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
    public static let fill = Alignment(horizontal: .fill, vertical: .fill)

    /// Places a child of `size` in `container`, mirroring leading/trailing for right-to-left.
    public func place(_ size: Size, in container: Rect, direction: LayoutDirection) -> Rect {
        var width = size.width, height = size.height
        let x: Double
        var horizontal = self.horizontal
        if direction == .rightToLeft {
            if horizontal == .leading { horizontal = .trailing } else if horizontal == .trailing { horizontal = .leading }
        }
        switch horizontal {
        case .leading: x = container.minX
        case .center: x = container.minX + (container.width - width) / 2
        case .trailing: x = container.maxX - width
        case .fill: x = container.minX; width = container.width
        }
        let y: Double
        switch vertical {
        case .top: y = container.minY
        case .center: y = container.minY + (container.height - height) / 2
        case .bottom: y = container.maxY - height
        case .fill: y = container.minY; height = container.height
        }
        return Rect(x: x, y: y, width: width, height: height)
    }
}

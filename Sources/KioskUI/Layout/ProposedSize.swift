import KioskGraphics

/// What a parent offers a child when asking for its size, per dimension:
/// `nil` asks for the ideal size, `0` for the minimum, `.infinity` for the maximum, and a number
/// means "fit in this".
public struct ProposedSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Double?
    public var height: Double?

    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    public init(_ size: Size) {
        self.init(width: size.width, height: size.height)
    }

    public static let unspecified = ProposedSize(width: nil, height: nil)
    public static let zero = ProposedSize(width: 0, height: 0)
    public static let infinity = ProposedSize(width: .infinity, height: .infinity)

    /// The proposal with both dimensions reduced by the insets (never below zero).
    public func inset(by insets: EdgeInsets) -> ProposedSize {
        ProposedSize(width: width.map { max(0, $0 - insets.horizontal) },
                     height: height.map { max(0, $0 - insets.vertical) })
    }

    /// Fills the unspecified dimensions: for views that take what they are offered.
    public func replacingUnspecified(with size: Size) -> Size {
        Size(width: width ?? size.width, height: height ?? size.height)
    }

    public var description: String {
        "(\(width.map { $0.compact } ?? "nil"), \(height.map { $0.compact } ?? "nil"))"
    }
}

/// The main or cross axis of a stack.
public enum Axis: String, Sendable {
    case horizontal, vertical
}

extension Size {
    func value(along axis: Axis) -> Double { axis == .horizontal ? width : height }
    func value(across axis: Axis) -> Double { axis == .horizontal ? height : width }

    static func along(_ axis: Axis, main: Double, cross: Double) -> Size {
        axis == .horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
    }
}

extension ProposedSize {
    func value(along axis: Axis) -> Double? { axis == .horizontal ? width : height }
    func value(across axis: Axis) -> Double? { axis == .horizontal ? height : width }

    static func along(_ axis: Axis, main: Double?, cross: Double?) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: main, height: cross) : ProposedSize(width: cross, height: main)
    }
}

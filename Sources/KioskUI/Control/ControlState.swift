/// The look a control is in; `normal` is the empty set.
public struct ControlState: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let normal: ControlState = []
    public static let highlighted = ControlState(rawValue: 1 << 0)
    public static let disabled = ControlState(rawValue: 1 << 1)
    public static let selected = ControlState(rawValue: 1 << 2)
    public static let focused = ControlState(rawValue: 1 << 3)
}

/// What a control reports to its actions.
public struct ControlEvents: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let touchDown = ControlEvents(rawValue: 1 << 0)
    public static let touchUpInside = ControlEvents(rawValue: 1 << 1)
    public static let touchUpOutside = ControlEvents(rawValue: 1 << 2)
    public static let touchCancel = ControlEvents(rawValue: 1 << 3)
    public static let touchDragEnter = ControlEvents(rawValue: 1 << 4)
    public static let touchDragExit = ControlEvents(rawValue: 1 << 5)
    public static let valueChanged = ControlEvents(rawValue: 1 << 6)
    public static let editingDidBegin = ControlEvents(rawValue: 1 << 7)
    public static let editingChanged = ControlEvents(rawValue: 1 << 8)
    public static let editingDidEnd = ControlEvents(rawValue: 1 << 9)
    /// The control's main action: a button's tap, a text field's return, a slider's release.
    public static let primaryAction = ControlEvents(rawValue: 1 << 10)

    public static let allTouchEvents: ControlEvents = [.touchDown, .touchUpInside, .touchUpOutside, .touchCancel,
                                                       .touchDragEnter, .touchDragExit]
}

/// Returned by `Control.addAction`; pass it to `removeAction` to stop the action.
public struct ControlActionToken: Hashable, Sendable {
    let id: Int
}

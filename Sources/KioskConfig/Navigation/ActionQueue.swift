/// Actions waiting to run, depth first, each tagged with how many panel changes led to it.
///
/// A `goto` shows a panel whose `on_show` may navigate again. Run by recursion, two panels that
/// show each other overflow the stack; run from this queue, the same order is kept (a panel's
/// `on_show` runs before the rest of the list that showed it) and the depth is a number the runner
/// can refuse to grow past `NavigationLimits.maximumNestedNavigations`.
nonisolated public struct ActionQueue: Sendable {
    /// One action to run, with what it needs to run it.
    public struct Item: Sendable {
        public var action: ActionSpec
        /// What `$value` stands for.
        public var eventValue: PropertyValue?
        /// Panel changes that led to this action: 0 for what a person (a tap, the control socket)
        /// asked for, one more for each `on_show` in between.
        public var navigationDepth: Int
        /// The panel whose `on_show` this action belongs to (nil for a widget's or a script's actions).
        public var onShowOf: String?
        /// The action's position in its list (to point at it in a message).
        public var position: Int
    }

    private struct Frame: Sendable {
        var actions: [ActionSpec]
        var next: Int
        var eventValue: PropertyValue?
        var navigationDepth: Int
        var onShowOf: String?
    }

    private var frames: [Frame] = []

    public init() {}

    public var isEmpty: Bool { frames.isEmpty }

    /// Adds a list that runs before whatever is still waiting, like a call would.
    public mutating func push(_ actions: [ActionSpec], eventValue: PropertyValue? = nil, navigationDepth: Int,
                              onShowOf panelID: String? = nil) {
        guard !actions.isEmpty else { return }
        frames.append(Frame(actions: actions, next: 0, eventValue: eventValue, navigationDepth: navigationDepth,
                            onShowOf: panelID))
    }

    /// The next action to run, or nil when everything ran.
    public mutating func next() -> Item? {
        while let top = frames.last, top.next >= top.actions.count { frames.removeLast() }
        guard let index = frames.indices.last else { return nil }
        let frame = frames[index]
        frames[index].next += 1
        return Item(action: frame.actions[frame.next], eventValue: frame.eventValue, navigationDepth: frame.navigationDepth,
                    onShowOf: frame.onShowOf, position: frame.next)
    }

    /// Drops everything waiting (after a navigation went too deep).
    public mutating func removeAll() {
        frames.removeAll()
    }
}

/// How far navigation may go on its own.
nonisolated public enum NavigationLimits {
    /// Panel changes one panel change may set off through `on_show` before the kiosk stops them.
    /// A real chain is one or two redirects; more is a loop the config check could not see.
    public static let maximumNestedNavigations = 8
    /// Panels `back` can return to; the oldest is forgotten first. A kiosk navigated for days
    /// would otherwise grow the list by one entry per `goto`.
    public static let backStackCapacity = 32
}

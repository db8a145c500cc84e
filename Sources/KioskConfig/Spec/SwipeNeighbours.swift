/// The direction a finger moves in a swipe.
nonisolated public enum SwipeDirection: String, CaseIterable, Sendable {
    case left, right, up, down

    /// Whether the swipe runs along the x axis.
    public var isHorizontal: Bool { self == .left || self == .right }
}

/// The panels a swipe in each direction shows. A swipe `left` (the finger moving to the left)
/// brings in the panel on the right, as turning a page does.
nonisolated public struct SwipeNeighbours: Equatable, Sendable {
    public var left: String?
    public var right: String?
    public var up: String?
    public var down: String?

    public init(left: String? = nil, right: String? = nil, up: String? = nil, down: String? = nil) {
        self.left = left
        self.right = right
        self.up = up
        self.down = down
    }

    public subscript(direction: SwipeDirection) -> String? {
        get {
            switch direction {
            case .left: left
            case .right: right
            case .up: up
            case .down: down
            }
        }
        set {
            switch direction {
            case .left: left = newValue
            case .right: right = newValue
            case .up: up = newValue
            case .down: down = newValue
            }
        }
    }

    public var isEmpty: Bool { SwipeDirection.allCases.allSatisfy { self[$0] == nil } }
}

nonisolated extension KioskConfigSpec {
    /// The panels a swipe on `panelID` shows: those its `swipe:` names, and for the directions it
    /// leaves out, its neighbours in `swipe_order` (a swipe left shows the next one).
    public func swipeNeighbours(of panelID: String) -> SwipeNeighbours {
        var neighbours = panel(id: panelID)?.swipe ?? SwipeNeighbours()
        if let index = swipeOrder.firstIndex(of: panelID) {
            if neighbours.left == nil, index + 1 < swipeOrder.count { neighbours.left = swipeOrder[index + 1] }
            if neighbours.right == nil, index > 0 { neighbours.right = swipeOrder[index - 1] }
        }
        return neighbours
    }
}

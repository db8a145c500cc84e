import KioskGraphics

/// Recognizes one or more taps in the same place: each finger lifts without moving further than
/// `allowableMovement`, and the next tap comes within `maximumInterval`.
public final class TapGestureRecognizer: GestureRecognizer {
    public var numberOfTapsRequired = 1
    public var allowableMovement = 10.0
    public var maximumInterval = 0.35

    private var tapsSoFar = 0
    private var firstLocation: Point?

    public init(taps: Int = 1, action: ((GestureRecognizer) -> Void)? = nil) {
        numberOfTapsRequired = taps
        super.init(action: action)
    }

    public override func shouldReceive(_ touch: Touch) -> Bool {
        guard let hit = touch.view, hit !== view else { return true }
        var current: View? = hit
        while let candidate = current, candidate !== view {
            if candidate is Control { return false }
            current = candidate.superview
        }
        return true
    }

    public override func touchBegan(_ touch: Touch) {
        guard state == .possible else { return }
        cancelTimer()
        if let first = firstLocation, first.distance(to: touch.location) > allowableMovement * 2 { fail(); return }
        if firstLocation == nil { firstLocation = touch.location }
    }

    public override func touchMoved(_ touch: Touch) {
        if state == .possible && touch.distanceFromStart > allowableMovement { fail() }
    }

    public override func touchEnded(_ touch: Touch) {
        guard state == .possible else { return }
        tapsSoFar += 1
        if tapsSoFar >= numberOfTapsRequired {
            setState(.ended)
        } else {
            startTimer(after: maximumInterval) { [weak self] in self?.fail() }
        }
    }

    public override func reset() {
        super.reset()
        tapsSoFar = 0
        firstLocation = nil
    }
}

/// Recognizes a finger held still for `minimumDuration` (on the screen's clock); reports changes
/// while it then moves and ends when it lifts.
public final class LongPressGestureRecognizer: GestureRecognizer {
    public var minimumDuration = 0.5
    public var allowableMovement = 10.0

    public init(minimumDuration: Double = 0.5, action: ((GestureRecognizer) -> Void)? = nil) {
        self.minimumDuration = minimumDuration
        super.init(action: action)
    }

    public override func touchBegan(_ touch: Touch) {
        guard state == .possible, trackedTouches.count == 1 else { return }
        startTimer(after: minimumDuration) { [weak self] in
            guard let self, self.state == .possible, !self.trackedTouches.isEmpty else { return }
            self.setState(.began)
        }
    }

    public override func touchMoved(_ touch: Touch) {
        switch state {
        case .possible where touch.distanceFromStart > allowableMovement: fail()
        case .began, .changed: setState(.changed)
        default: break
        }
    }

    public override func touchEnded(_ touch: Touch) {
        switch state {
        case .possible: fail()
        case .began, .changed: setState(.ended)
        default: break
        }
    }
}

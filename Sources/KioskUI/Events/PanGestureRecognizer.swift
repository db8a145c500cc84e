import KioskGraphics

/// Recognizes a drag once the finger moves further than `slop`; reports the translation from
/// where it went down and a velocity from the latest movements.
public final class PanGestureRecognizer: GestureRecognizer {
    public var slop = 10.0

    public enum Direction: Sendable { case any, horizontal, vertical }
    /// With a direction, a drag that passes the slop mostly across it fails, leaving the touch to
    /// the views below (a horizontal slider inside a vertical scroll view).
    public var direction: Direction = .any

    /// Leave alone the touches that begin on a view that follows drags itself (`View.tracksDrags`,
    /// a slider): a drag there moves the slider, not what this recognizer moves. UIKit's controls
    /// win over their ancestors' pans the same way. Scroll views need no such rule: their own pan
    /// is nearer the touch, so it recognizes first along its axis and fails across it.
    public var yieldsToDragTrackingViews = false

    private var start: Point?
    private var samples: [(time: Double, location: Point)] = []

    public override init(action: ((GestureRecognizer) -> Void)? = nil) {
        super.init(action: action)
    }

    /// Movement since the finger went down, in screen points.
    public var translation: Point {
        guard let start, let current = trackedTouches.first?.location ?? samples.last?.location else { return .zero }
        return current - start
    }

    /// Points per second over the last tenth of a second of movement.
    public var velocity: Point {
        guard let last = samples.last else { return .zero }
        let window = samples.filter { last.time - $0.time <= 0.1 }
        guard let first = window.first, last.time - first.time > 0 else { return .zero }
        let dt = last.time - first.time
        return Point(x: (last.location.x - first.location.x) / dt, y: (last.location.y - first.location.y) / dt)
    }

    public override func shouldReceive(_ touch: Touch) -> Bool {
        guard yieldsToDragTrackingViews else { return true }
        var current = touch.view
        while let candidate = current, candidate !== view {
            if candidate.tracksDrags { return false }
            current = candidate.superview
        }
        return true
    }

    public override func touchBegan(_ touch: Touch) {
        guard state == .possible, start == nil else { return }
        start = touch.location
        samples = [(touch.timestamp, touch.location)]
    }

    public override func touchMoved(_ touch: Touch) {
        guard touch === trackedTouches.first else { return }
        samples.append((touch.timestamp, touch.location))
        if samples.count > 12 { samples.removeFirst() }
        switch state {
        case .possible where touch.distanceFromStart > slop:
            let dx = abs(touch.location.x - touch.startLocation.x), dy = abs(touch.location.y - touch.startLocation.y)
            switch direction {
            case .any: setState(.began)
            case .horizontal: if dx >= dy { setState(.began) } else { fail() }
            case .vertical: if dy >= dx { setState(.began) } else { fail() }
            }
        case .began, .changed: setState(.changed)
        default: break
        }
    }

    public override func touchEnded(_ touch: Touch) {
        guard touch === trackedTouches.first else { return }
        samples.append((touch.timestamp, touch.location))
        switch state {
        case .possible: fail()
        case .began, .changed: setState(.ended)
        default: break
        }
    }

    public override func reset() {
        super.reset()
        start = nil
        samples = []
    }
}

/// Recognizes a quick stroke in one direction: at least `minimumDistance` along it, mostly straight,
/// within `maximumDuration`.
public final class SwipeGestureRecognizer: GestureRecognizer {
    public enum Direction: Sendable { case left, right, up, down }

    public var direction: Direction
    public var minimumDistance = 50.0
    public var maximumDuration = 0.5

    public init(direction: Direction, action: ((GestureRecognizer) -> Void)? = nil) {
        self.direction = direction
        super.init(action: action)
    }

    public override func touchMoved(_ touch: Touch) {
        if state == .possible && touch.timestamp - touch.startTimestamp > maximumDuration { fail() }
    }

    public override func touchEnded(_ touch: Touch) {
        guard state == .possible else { return }
        let dx = touch.location.x - touch.startLocation.x, dy = touch.location.y - touch.startLocation.y
        let along: Double, across: Double
        switch direction {
        case .left: (along, across) = (-dx, dy)
        case .right: (along, across) = (dx, dy)
        case .up: (along, across) = (-dy, dx)
        case .down: (along, across) = (dy, dx)
        }
        let quick = touch.timestamp - touch.startTimestamp <= maximumDuration
        if quick && along >= minimumDistance && abs(across) <= along / 2 { setState(.ended) } else { fail() }
    }
}

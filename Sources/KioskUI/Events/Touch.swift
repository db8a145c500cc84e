import KioskGraphics
import KioskPlatform

/// One finger (or the pointer) from the moment it goes down until it lifts or is cancelled.
/// The same object is handed to every call for that finger, like a platform touch.
public final class Touch {
    public let id: Int
    public internal(set) var phase: TouchPhase
    /// Where the finger is, in screen points.
    public internal(set) var location: Point
    public internal(set) var previousLocation: Point
    public let startLocation: Point
    /// Seconds on the screen's clock.
    public internal(set) var timestamp: Double
    public let startTimestamp: Double
    /// The view hit when the finger went down.
    public internal(set) weak var view: View?
    /// Recognizers attached to the hit view and its ancestors, nearest first.
    var recognizers: [GestureRecognizer] = []
    /// False once a recognizer took the touch: the view then hears nothing more of it.
    var isDeliveredToView = true

    init(sample: TouchSample, view: View?) {
        id = sample.id
        phase = sample.phase
        location = sample.location
        previousLocation = sample.location
        startLocation = sample.location
        timestamp = sample.timestamp
        startTimestamp = sample.timestamp
        self.view = view
    }

    /// The location in a view's coordinate space (screen points when `view` is nil).
    public func location(in view: View?) -> Point {
        Touch.convert(location, to: view)
    }

    public func previousLocation(in view: View?) -> Point {
        Touch.convert(previousLocation, to: view)
    }

    /// How far the finger moved from where it went down, in points.
    public var distanceFromStart: Double { location.distance(to: startLocation) }

    static func convert(_ point: Point, to view: View?) -> Point {
        guard let view else { return point }
        let scale = view.screen?.scale ?? 1
        let pixels = Point(x: point.x * scale, y: point.y * scale)
        return view.transformToScreen.inverted()?.apply(to: pixels) ?? point
    }
}

import KioskConfig
import KioskGraphics
import KioskUI

/// A swipe between panels in progress. While the finger is down, the shown panel follows it and
/// the neighbour on the side it uncovers comes in beside it; past an edge with no neighbour the
/// panel resists (a third of the movement). Released past half of the screen, or with a fling
/// that way, both settle on the neighbour; otherwise they spring back. Positions are whole
/// pixels, so both panels are composed from their layers by copying.
final class PanelSwipe {
    /// The panel shown when the finger went down.
    let outgoing: PanelView
    let isHorizontal: Bool
    /// The screen's width (or height) in points.
    let extent: Double
    let scale: Double
    /// The neighbour coming in, for the direction the finger moves now.
    private(set) var incoming: (id: String, view: PanelView, direction: SwipeDirection)?
    /// How far the panels moved along the axis, in points: negative to the left (or up).
    private(set) var offset = 0.0
    private var settle: Settle?

    /// A release this fast (points per second) towards the neighbour completes the swipe however
    /// far it went; one as fast the other way springs back.
    static let flingSpeed = 300.0
    static let longestSettle = 0.3
    static let shortestSettle = 0.12

    private struct Settle {
        var from: Double
        var to: Double
        var duration: Double
        var start: Double?
    }

    init(outgoing: PanelView, isHorizontal: Bool, extent: Double, scale: Double) {
        self.outgoing = outgoing
        self.isHorizontal = isHorizontal
        self.extent = max(1, extent)
        self.scale = scale
    }

    /// The direction a finger moving by `translation` along the axis swipes.
    func direction(for translation: Double) -> SwipeDirection {
        if isHorizontal { return translation < 0 ? .left : .right }
        return translation < 0 ? .up : .down
    }

    /// The finger moved `translation` points along the axis since it went down. `neighbour` gives
    /// the panel a direction shows (built when needed), nil where there is none.
    func follow(_ translation: Double, neighbour: (SwipeDirection) -> (id: String, view: PanelView)?) {
        settle = nil
        let direction = direction(for: translation)
        if incoming?.direction != direction {
            incoming = neighbour(direction).map { ($0.id, $0.view, direction) }
        }
        let limit = extent
        offset = incoming == nil ? translation / 3 : min(max(translation, -limit), limit)
        apply()
    }

    /// The finger lifted with `velocity` points per second along the axis (0 when the gesture was
    /// cancelled): returns whether the swipe will complete.
    @discardableResult
    func release(velocity: Double) -> Bool {
        let towards = offset < 0 ? -1.0 : 1.0
        let completes: Bool
        if incoming == nil || offset == 0 {
            completes = false
        } else if abs(velocity) >= Self.flingSpeed {
            completes = velocity * towards > 0
        } else {
            completes = abs(offset) > extent / 2
        }
        let target = completes ? towards * extent : 0
        let distance = abs(target - offset)
        let speed = max(abs(velocity), extent / Self.longestSettle)
        settle = Settle(from: offset, to: target,
                        duration: min(Self.longestSettle, max(Self.shortestSettle, distance / speed)), start: nil)
        return completes
    }

    var isSettling: Bool { settle != nil }

    /// Whether the swipe settles on the neighbour (valid once released).
    var completes: Bool { settle.map { $0.to != 0 } ?? false }

    /// Moves the settling panels to `time`; returns true once they are where they end.
    func step(at time: Double) -> Bool {
        guard var current = settle else { return true }
        let start = current.start ?? time
        current.start = start
        settle = current
        let linear = current.duration > 0 ? min(max((time - start) / current.duration, 0), 1) : 1
        let eased = 1 - (1 - linear) * (1 - linear) * (1 - linear)
        offset = current.from + (current.to - current.from) * eased
        apply()
        return linear >= 1
    }

    /// Puts both panels back in place (the swipe ended either way).
    func reset() {
        outgoing.transform = .identity
        incoming?.view.transform = .identity
    }

    private func apply() {
        outgoing.transform = translation(offset)
        if let incoming {
            incoming.view.transform = translation(offset < 0 ? offset + extent : offset - extent)
        }
    }

    /// A move along the axis by whole device pixels.
    private func translation(_ points: Double) -> AffineTransform {
        let snapped = (points * scale).rounded() / scale
        return isHorizontal ? AffineTransform(translationX: snapped, y: 0) : AffineTransform(translationX: 0, y: snapped)
    }
}

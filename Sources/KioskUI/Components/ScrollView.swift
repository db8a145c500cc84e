import FoundationEssentials
import Glibc
import KioskGraphics

/// Scrolls its content along one axis: a drag moves it (resisting past the edges), a fling keeps
/// it moving and decelerating, and past an edge it springs back. Once a drag moves past the slop,
/// the touches of the views inside are cancelled, so a button under a scrolling finger does not fire.
open class ScrollView: View {
    public enum Axis: String, Sendable { case vertical, horizontal }

    public var axis: Axis = .vertical {
        didSet { pan.direction = axis == .vertical ? .vertical : .horizontal }
    }
    /// The scrolled content; its size decides how far the view scrolls.
    public let contentView = View()

    /// How far the content is scrolled (the bounds origin along the axis), on whole device pixels:
    /// content between pixels would blur its edges, and a move by whole pixels is a copy of what
    /// is already painted (the compositor's scroll by copy).
    public var contentOffset: Double {
        get { axis == .vertical ? boundsOrigin.y : boundsOrigin.x }
        set {
            let scale = screen?.scale ?? 1
            let offset = newValue.isFinite ? (newValue * scale).rounded() / scale : 0
            boundsOrigin = axis == .vertical ? Point(x: 0, y: offset) : Point(x: offset, y: 0)
        }
    }

    /// The size of the content; when left at zero, the extent of the content view's subviews.
    public var contentSize: Size = .zero {
        didSet { if contentSize != oldValue { setNeedsLayout() } }
    }

    /// The content size in effect.
    public var effectiveContentSize: Size {
        if contentSize != .zero { return contentSize }
        let extent = contentView.subviews.reduce(Size.zero) { size, view in
            Size(width: max(size.width, view.frame.maxX), height: max(size.height, view.frame.maxY))
        }
        return extent
    }

    /// Velocity falls by this factor each second of deceleration.
    public var decelerationTimeConstant = 0.325
    public let pan = PanGestureRecognizer()

    private var dragStartOffset = 0.0

    public init(axis: Axis = .vertical) {
        defer { drawsOnlyItsBackground = [ObjectIdentifier(ScrollView.self), ObjectIdentifier(ListView.self)].contains(ObjectIdentifier(type(of: self))) }
        self.axis = axis
        super.init()
        clipsToBounds = true
        addSubview(contentView)
        pan.direction = axis == .vertical ? .vertical : .horizontal
        pan.addAction { [weak self] recognizer in self?.panned() }
        addGestureRecognizer(pan)
    }

    public var maximumOffset: Double {
        let content = effectiveContentSize
        return max(0, axis == .vertical ? content.height - bounds.height : content.width - bounds.width)
    }

    open override func layout() {
        let content = effectiveContentSize
        contentView.frame = Rect(origin: .zero, size: Size(width: axis == .vertical ? bounds.width : content.width,
                                                         height: axis == .vertical ? content.height : bounds.height))
    }

    // MARK: Dragging and flinging

    private func panned() {
        let translation = axis == .vertical ? pan.translation.y : pan.translation.x
        switch pan.state {
        case .began:
            screen?.animator.cancelAnimations(of: self)
            dragStartOffset = contentOffset + translation
            fallthrough
        case .changed:
            contentOffset = rubberBanded(dragStartOffset - translation)
        case .ended:
            let velocity = -(axis == .vertical ? pan.velocity.y : pan.velocity.x)
            fling(velocity: velocity)
        default:
            settleIntoRange()
        }
    }

    /// Past the edges the content follows the finger at a third of its movement.
    private func rubberBanded(_ offset: Double) -> Double {
        if offset < 0 { return offset / 3 }
        if offset > maximumOffset { return maximumOffset + (offset - maximumOffset) / 3 }
        return offset
    }

    /// Exponential deceleration from `velocity` (points per second): the content travels
    /// velocity × time constant in all; an edge in the way is overshot a little and sprung back from.
    public func fling(velocity: Double) {
        let tau = decelerationTimeConstant
        if contentOffset < 0 || contentOffset > maximumOffset || abs(velocity) < 20 {
            settleIntoRange()
            return
        }
        let target = contentOffset + velocity * tau
        let clamped = min(max(target, 0), maximumOffset)
        let travel = abs(clamped - contentOffset)
        guard travel > 0.5 else { return }
        // Time for the remaining distance to shrink below half a point.
        let total = abs(target - contentOffset)
        let duration = max(0.1, tau * log(max(total, 1) / 0.5))
        if clamped == target {
            screen?.animator.animate(self, \.contentOffset, to: target.rounded(), duration: duration, curve: .easeOut)
        } else {
            let overshoot = min(abs(target - clamped) * 0.1, 40) * (target > clamped ? 1 : -1)
            screen?.animator.animate(self, \.contentOffset, to: clamped + overshoot, duration: min(duration, 0.4),
                                     curve: .easeOut) { [weak self] finished in
                if finished { self?.settleIntoRange() }
            }
        }
    }

    private func settleIntoRange() {
        let target = min(max(contentOffset, 0), maximumOffset)
        guard target != contentOffset else { return }
        screen?.animator.animate(self, \.contentOffset, to: target, duration: 0.4, curve: .spring(damping: 0.9))
    }
}

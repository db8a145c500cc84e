import KioskConfig
import KioskGraphics
import KioskUI

/// A panel change in progress: the incoming panel slides in over (or fades in above) the outgoing
/// one. Driven by the presentation times the frame loop hands to `step(at:)`, so headless runs on
/// the virtual clock produce the same frames every time.
final class PanelTransition {
    let kind: Transition
    let incoming: View
    let outgoing: View
    /// +1 going forward (the new panel comes from the trailing edge), −1 going back.
    let direction: Double
    let duration: Double
    private var startTime: Double?

    init(kind: Transition, incoming: View, outgoing: View, forward: Bool, duration: Double) {
        self.kind = kind
        self.incoming = incoming
        self.outgoing = outgoing
        self.direction = forward ? 1 : -1
        self.duration = duration
        apply(progress: 0)
    }

    /// Returns true once the transition has ended.
    func step(at time: Double) -> Bool {
        let start = startTime ?? time
        startTime = start
        let linear = duration > 0 ? min(max((time - start) / duration, 0), 1) : 1
        apply(progress: Self.easeInOut(linear))
        return linear >= 1
    }

    /// Puts both panels where they end.
    func finish() {
        apply(progress: 1)
    }

    private func apply(progress: Double) {
        switch kind {
        case .slide:
            let width = incoming.superview?.bounds.width ?? incoming.frame.width
            incoming.transform = progress >= 1 ? .identity : translation(direction * (1 - progress) * width)
            outgoing.transform = progress >= 1 ? .identity : translation(-direction * progress * width * 0.3)
        case .fade:
            incoming.alpha = progress
        case .none:
            break
        }
    }

    /// A sideways move by whole device pixels: the panels' layers are then composed by copying.
    private func translation(_ points: Double) -> AffineTransform {
        let scale = incoming.screen?.scale ?? 1
        return AffineTransform(translationX: (points * scale).rounded() / scale, y: 0)
    }

    static func easeInOut(_ t: Double) -> Double {
        let u = -2 * t + 2
        return t < 0.5 ? 2 * t * t : 1 - u * u / 2
    }
}

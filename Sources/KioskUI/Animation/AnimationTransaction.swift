import KioskGraphics

/// The view properties that animate when changed inside `View.animate`.
public enum AnimatedViewProperty: String, Sendable {
    case frame, transform, alpha, backgroundColor
}

/// The changes made inside one `View.animate` block, with the timing they share. While a block
/// runs, the view property setters report their old values here; when it ends, each changed
/// property is put back and animated from there to its new value.
final class AnimationTransaction {
    /// The innermost open block.
    static var current: AnimationTransaction?

    let duration: Double
    let delay: Double
    let curve: AnimationCurve
    private var changes: [(view: View, property: AnimatedViewProperty, from: Any)] = []

    init(duration: Double, delay: Double, curve: AnimationCurve) {
        self.duration = duration
        self.delay = delay
        self.curve = curve
    }

    /// Called by the setters of the animatable view properties.
    static func record(_ view: View, _ property: AnimatedViewProperty, from oldValue: Any) {
        if Animator.isApplyingStep { return }
        if let current {
            if !current.changes.contains(where: { $0.view === view && $0.property == property }) {
                current.changes.append((view, property, oldValue))
            }
        } else {
            // A plain assignment wins over an animation of the same property.
            view.screen?.animator.cancel(AnimationKey(view, property.rawValue), finished: false)
        }
    }

    func commit(completion: ((Bool) -> Void)?) {
        let group = AnimationGroup(completion: completion)
        for change in changes {
            guard let animator = change.view.screen?.animator else { continue }
            guard duration > 0 || delay > 0 else {
                // An instant change still replaces a running animation of the property.
                animator.cancel(AnimationKey(change.view, change.property.rawValue), finished: false)
                continue
            }
            if let animation = Self.animation(for: change.view, change.property, from: change.from, transaction: self) {
                animator.add(animation, group: group)
            }
        }
        group.sealed()
    }

    private static func animation(for view: View, _ property: AnimatedViewProperty, from: Any,
                                  transaction: AnimationTransaction) -> PropertyAnimation? {
        let key = AnimationKey(view, property.rawValue)
        let start = (view.screen?.currentTime ?? 0) + transaction.delay
        let timing = (start: start, duration: transaction.duration, curve: transaction.curve)
        switch property {
        case .frame:
            guard let from = from as? Rect else { return nil }
            return PropertyAnimation(key: key, owner: view, timing: timing, from: from, to: view.frame) { [weak view] in view?.frame = $0 }
        case .transform:
            guard let from = from as? AffineTransform else { return nil }
            return PropertyAnimation(key: key, owner: view, timing: timing, from: from, to: view.transform) { [weak view] in
                view?.transform = $0
            }
        case .alpha:
            guard let from = from as? Double else { return nil }
            return PropertyAnimation(key: key, owner: view, timing: timing, from: from, to: view.alpha) { [weak view] in view?.alpha = $0 }
        case .backgroundColor:
            // Colours move through their resolved values in the view's appearance; the final
            // value is the colour as set, so light/dark switching keeps working afterwards.
            let target = view.backgroundColor
            let environment = view.environment
            let fromColor = (from as? Color?) ?? nil
            let fromRGBA = fromColor.map { environment.resolve($0) } ?? RGBA(hex: 0, alpha: 0)
            let toRGBA = target.map { environment.resolve($0) } ?? RGBA(hex: 0, alpha: 0)
            return PropertyAnimation(key: key, owner: view, timing: timing, from: fromRGBA, to: toRGBA,
                                     finalApply: { [weak view] in view?.backgroundColor = target }) { [weak view] in
                view?.backgroundColor = Color($0)
            }
        }
    }
}

extension View {
    /// Animates the changes made in `animations` to frame, transform, alpha and background colour
    /// (and anything animated with `Animator.animate` inside it) from their current, possibly
    /// in-flight, values. `completion` runs once every animation ended; false when one was
    /// interrupted.
    public static func animate(duration: Double, delay: Double = 0, curve: AnimationCurve = .easeInOut,
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let transaction = AnimationTransaction(duration: duration, delay: delay, curve: curve)
        let outer = AnimationTransaction.current
        AnimationTransaction.current = transaction
        animations()
        AnimationTransaction.current = outer
        transaction.commit(completion: completion)
    }
}

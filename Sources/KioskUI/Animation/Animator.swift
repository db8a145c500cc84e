import KioskGraphics

/// Names one animated property of one object: a new animation of it replaces the running one.
struct AnimationKey: Hashable {
    let owner: ObjectIdentifier
    let property: String

    init(_ owner: AnyObject, _ property: String) {
        self.owner = ObjectIdentifier(owner)
        self.property = property
    }
}

/// One property moving from a value to another over time.
final class PropertyAnimation {
    let key: AnimationKey
    weak var owner: AnyObject?
    let start: Double
    let duration: Double
    let curve: AnimationCurve
    private let applyFraction: (Double) -> Void
    private let applyFinal: () -> Void
    var group: AnimationGroup?

    init<Value: Interpolatable>(key: AnimationKey, owner: AnyObject, timing: (start: Double, duration: Double, curve: AnimationCurve),
                                from: Value, to: Value, finalApply: (() -> Void)? = nil, apply: @escaping (Value) -> Void) {
        self.key = key
        self.owner = owner
        start = timing.start
        duration = timing.duration
        curve = timing.curve
        applyFraction = { apply(from.interpolated(to: to, fraction: $0)) }
        applyFinal = finalApply ?? { apply(to) }
        apply(from)
    }

    /// Sets the value for `time`; returns true once the animation is over.
    func step(to time: Double) -> Bool {
        guard time >= start else { return false }
        let fraction = duration > 0 ? (time - start) / duration : 1
        if fraction >= 1 {
            applyFinal()
            return true
        }
        applyFraction(curve.progress(at: fraction))
        return false
    }
}

/// The animations of one transaction: its completion runs when the last one ends.
final class AnimationGroup {
    private var remaining = 0
    private var isSealed = false
    private var allFinished = true
    private var completion: ((Bool) -> Void)?

    init(completion: ((Bool) -> Void)?) {
        self.completion = completion
    }

    func added() { remaining += 1 }

    func ended(finished: Bool) {
        remaining -= 1
        if !finished { allFinished = false }
        fireIfDone()
    }

    /// No more animations join: with none at all the completion runs now.
    func sealed() {
        isSealed = true
        fireIfDone()
    }

    private func fireIfDone() {
        guard isSealed, remaining == 0, let completion else { return }
        self.completion = nil
        completion(allFinished)
    }
}

/// The running animations of one screen. The compositor calls `step(to:)` with the presentation
/// time of each frame; while anything runs the animator asks for the next frame, and after the last
/// animation ends it stops asking, so an idle screen produces no frames.
public final class Animator {
    unowned let screen: Screen
    private var animations: [PropertyAnimation] = []
    /// True while animation steps write properties, so the writes are not taken as new changes.
    static var isApplyingStep = false

    init(screen: Screen) {
        self.screen = screen
    }

    public var isAnimating: Bool { !animations.isEmpty }
    public var runningAnimationCount: Int { animations.count }

    /// Animates any property reachable through a key path (a progress ring's value, a slider's
    /// value), starting at the screen's current time; replaces a running animation of it.
    public func animate<Target: AnyObject, Value: Interpolatable>(
        _ target: Target, _ keyPath: ReferenceWritableKeyPath<Target, Value>, to value: Value,
        duration: Double, delay: Double = 0, curve: AnimationCurve = .easeInOut, completion: ((Bool) -> Void)? = nil
    ) {
        let group = AnimationGroup(completion: completion)
        let timing = (start: screen.currentTime + delay, duration: duration, curve: curve)
        let from = target[keyPath: keyPath]
        let animation = Self.applying {
            PropertyAnimation(key: AnimationKey(target, "\(keyPath)"), owner: target, timing: timing, from: from, to: value) {
                [weak target] in target?[keyPath: keyPath] = $0
            }
        }
        add(animation, group: group)
        group.sealed()
    }

    func add(_ animation: PropertyAnimation, group: AnimationGroup) {
        cancel(animation.key, finished: false)
        animation.group = group
        group.added()
        animations.append(animation)
        screen.requestFrame()
    }

    /// Stops the animation of a property where it is.
    func cancel(_ key: AnimationKey, finished: Bool) {
        guard let index = animations.firstIndex(where: { $0.key == key }) else { return }
        let animation = animations.remove(at: index)
        animation.group?.ended(finished: finished)
    }

    /// Stops every animation of an object (e.g. before it is thrown away).
    public func cancelAnimations(of owner: AnyObject) {
        for animation in animations where animation.owner === owner {
            cancel(animation.key, finished: false)
        }
    }

    /// Moves every animation to `time` (the presentation time of the frame being made).
    public func step(to time: Double) {
        guard !animations.isEmpty else { return }
        var finished: [PropertyAnimation] = []
        Self.applying {
            for animation in animations where animation.owner == nil || animation.step(to: time) {
                finished.append(animation)
            }
        }
        animations.removeAll { animation in finished.contains { $0 === animation } }
        for animation in finished { animation.group?.ended(finished: animation.owner != nil) }
        if !animations.isEmpty { screen.requestFrame() }
    }

    private static func applying<T>(_ body: () -> T) -> T {
        let outer = isApplyingStep
        isApplyingStep = true
        defer { isApplyingStep = outer }
        return body()
    }
}

/// When the steps of one frame began, in monotonic seconds: animations and frame observers from
/// `start`, then layout, damage collection, painting and the present copy, done at `end`.
/// Plain numbers, so recording them costs a few clock reads and no allocation.
public struct FrameTimings: Equatable, Sendable {
    public var start = 0.0
    public var layoutStart = 0.0
    public var damageStart = 0.0
    public var paintStart = 0.0
    public var presentStart = 0.0
    public var end = 0.0

    public init(start: Double = 0) {
        self.start = start
    }

    /// From the first step to the end of the present copy.
    public var duration: Double { end - start }
}

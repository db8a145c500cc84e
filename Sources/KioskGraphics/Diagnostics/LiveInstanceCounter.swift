import Synchronization

/// How many objects of one kind are alive: counted up in `init`, down in `deinit`. An atomic
/// add is cheap enough to stay on in release builds, so a kiosk that has run for a day can show
/// that nothing accumulates (the soak run checks these counts every virtual hour).
nonisolated public final class LiveInstanceCounter: Sendable {
    public let name: String
    private let count = Atomic<Int>(0)

    public init(_ name: String) {
        self.name = name
    }

    /// Objects made and not yet freed.
    public var value: Int { count.load(ordering: .relaxed) }

    public func increment() { count.add(1, ordering: .relaxed) }
    public func decrement() { count.subtract(1, ordering: .relaxed) }
}

/// The counted kinds. Each module adds its own (`LiveInstances.views` lives in KioskUI).
nonisolated public enum LiveInstances {
    /// Pixel buffers: a leak here is also the largest in bytes.
    public static let surfaces = LiveInstanceCounter("Surface")
    /// Pango layouts: one per label, text field or cached text.
    public static let textLayouts = LiveInstanceCounter("TextLayout")
}

import KioskPlatform

/// Drops touch motion nobody will see: within one batch read before a frame, a `moved` sample is
/// superseded by a later `moved` of the same touch, unless that touch began, ended or was cancelled
/// in between (a new touch may reuse the id, and a move before an end must stay before the end).
/// Everything else keeps its order.
public enum MotionCoalescer {
    public static func coalesce(_ events: [InputEvent]) -> [InputEvent] {
        var keep = [Bool](repeating: true, count: events.count)
        // Index of the `moved` that currently stands for each touch id, scanning forward.
        var standingMove: [Int: Int] = [:]
        for (index, event) in events.enumerated() {
            guard case .touch(let sample) = event else { continue }
            if sample.phase == .moved {
                if let previous = standingMove[sample.id] { keep[previous] = false }
                standingMove[sample.id] = index
            } else {
                standingMove[sample.id] = nil
            }
        }
        return zip(events, keep).compactMap { $1 ? $0 : nil }
    }
}

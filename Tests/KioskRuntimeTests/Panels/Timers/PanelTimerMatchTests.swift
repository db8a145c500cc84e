import KioskConfig
@testable import KioskRuntime
import Testing

/// Which timers of the panel shown a reload keeps, starts and stops.
struct PanelTimerMatchTests {
    static let back = TimerSpec(schedule: .after(10), actions: [.back])
    static let tick = TimerSpec(id: "tick", schedule: .every(1), actions: [.emit(event: "tick", value: nil)])
    static let fasterTick = TimerSpec(id: "tick", schedule: .every(0.5), actions: [.emit(event: "tick", value: nil)])

    @Test func unchangedTimersAreKeptWhereverTheyMoved() {
        let match = PanelTimerMatch(old: [Self.back, Self.tick], new: [Self.tick, Self.back])
        #expect(match.kept.map { [$0.old, $0.new] } == [[1, 0], [0, 1]])
        #expect(match.started == [])
        #expect(match.stopped == [])
    }

    @Test func aChangedTimerStopsAndStartsAfresh() {
        let match = PanelTimerMatch(old: [Self.back, Self.tick], new: [Self.back, Self.fasterTick])
        #expect(match.kept.map { [$0.old, $0.new] } == [[0, 0]])
        #expect(match.started == [1])
        #expect(match.stopped == [1])
    }

    @Test func equalTimersPairOneForOne() {
        let match = PanelTimerMatch(old: [Self.back, Self.back], new: [Self.back, Self.back, Self.back])
        #expect(match.kept.map { [$0.old, $0.new] } == [[0, 0], [1, 1]])
        #expect(match.started == [2])
        #expect(PanelTimerMatch(old: [Self.back, Self.back], new: []).stopped == [0, 1])
    }
}

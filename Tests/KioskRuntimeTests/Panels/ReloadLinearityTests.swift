import KioskConfig
import KioskGraphics
import KioskRuntime
@testable import KioskUI
import Testing

/// A reload of N widgets costs O(N): counted in subview slots visited (hierarchy changes and damage
/// bookkeeping), never timed.
@MainActor
struct ReloadLinearityTests {
    /// `count` siblings in a scrolled stack; an edit inserts one at the top (every later label
    /// without an id moves to another view) and changes every text.
    static func config(siblings count: Int, edited: Bool) -> KioskConfigSpec {
        var yaml = "panels:\n  home:\n    root:\n      type: scroll\n      children:\n        - type: stack\n          children:\n"
        if edited { yaml += "            - {type: label, text: Inserted}\n" }
        for index in 0..<count {
            yaml += index % 4 == 0 ? "            - {type: label, id: l\(index), text: \"Row \(index) \(edited)\"}\n"
                                   : "            - {type: label, text: \"Row \(index) \(edited)\"}\n"
        }
        guard case .success(let spec) = ConfigLoader().load(text: yaml) else { fatalError("invalid test config") }
        return spec
    }

    struct Work {
        var start = 0, reload = 0
    }

    static func work(siblings count: Int) throws -> Work {
        var work = Work()
        ViewTreeWork.subviewSlotsVisited = 0
        let session = HeadlessPanelSession(config: config(siblings: count, edited: false), configPath: "/tmp/kiosk.yaml",
                                           size: Size(width: 320, height: 240))
        try session.renderUntilIdle()
        work.start = ViewTreeWork.subviewSlotsVisited
        ViewTreeWork.subviewSlotsVisited = 0
        session.host.reload(config(siblings: count, edited: true))
        try session.renderUntilIdle()
        work.reload = ViewTreeWork.subviewSlotsVisited
        #expect(session.display.screen.view(withID: "l0") != nil)
        return work
    }

    @Test func reloadingManySiblingsIsLinear() throws {
        let small = try Self.work(siblings: 500), large = try Self.work(siblings: 4_000)
        #expect(large.reload <= 10 * 4_000, "a bounded number of slots per widget, not one pass over the siblings each")
        #expect(Double(large.reload) / Double(max(small.reload, 1)) < 12, "8× the widgets, about 8× the work")
        #expect(large.reload <= 4 * large.start, "a reload does a few times what a first start does, for any size")
    }

    @Test func eachStepOfAReloadIsReported() throws {
        let session = HeadlessPanelSession(config: Self.config(siblings: 3, edited: false), configPath: "/tmp/kiosk.yaml")
        var phases: [ReloadPhase] = []
        session.host.reloadPhaseDidEnd = { phases.append($0) }
        session.host.reload(Self.config(siblings: 3, edited: true))
        #expect(phases == [.reconciled, .laidOut])

        let kiosk = try PanelSessionFixture("panels:\n  home:\n    children: [{type: label, text: A}]\n")
        phases = []
        kiosk.host.reloadPhaseDidEnd = { phases.append($0) }
        try kiosk.edit("panels:\n  home:\n    children: [{type: label, text: B}]\n")
        #expect(phases == [.validated, .reconciled, .laidOut])
        phases = []
        try kiosk.edit("panels:\n  home:\n    children: [{type: labl, text: B}]\n")
        #expect(phases == [.validated], "a refused config stops after validation")
    }
}

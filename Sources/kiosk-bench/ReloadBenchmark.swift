import Foundation
import KioskConfig
import KioskGraphics
import KioskPlatform
import KioskRuntime

/// First start against reload of a large config: reconciling must stay linear in the number of
/// widgets, so that a reload costs about what a start does (and never outlasts the watchdog).
enum ReloadBenchmark {
    /// A panel of `count` widgets, siblings in one scrolled stack (the case that was quadratic):
    /// labels, one in four with an id, and a slider every 50.
    static func config(widgets count: Int, edit: Int) -> String {
        var yaml = "display: {size: [1280, 800]}\npanels:\n  home:\n    root:\n      type: scroll\n      children:\n"
        yaml += "        - type: stack\n          spacing: 2\n          children:\n"
        // An edit inserts a widget at the top (every later sibling without an id moves by one) and
        // changes every label's text.
        if edit > 0 { yaml += "            - {type: label, text: \"Inserted\"}\n" }
        for index in 0..<(count - 2 - (edit > 0 ? 1 : 0)) {
            if index % 50 == 49 {
                yaml += "            - {type: slider, id: s\(index), value: 0.5}\n"
            } else if index % 4 == 0 {
                yaml += "            - {type: label, id: l\(index), text: \"Row \(index) v\(edit)\"}\n"
            } else {
                yaml += "            - {type: label, text: \"Row \(index) v\(edit)\"}\n"
            }
        }
        return yaml
    }

    struct Phases {
        var parse = 0.0, reconcile = 0.0, render = 0.0
        var total: Double { parse + reconcile + render }
    }

    static func load(_ text: String) -> KioskConfigSpec {
        switch ConfigLoader().load(text: text, file: "bench.yaml") {
        case .success(let spec): return spec
        case .failure(let errors): fatalError("benchmark config is invalid: \(errors)")
        }
    }

    /// One first start and one reload of an edited config, phase by phase, in milliseconds.
    static func measureOnce(widgets count: Int) throws -> (start: Phases, reload: Phases) {
        let original = config(widgets: count, edit: 0), edited = config(widgets: count, edit: 1)
        var start = Phases(), reload = Phases()
        var time = MonotonicClock.now()
        func lap() -> Double {
            let now = MonotonicClock.now()
            defer { time = now }
            return (now - time) * 1000
        }
        let spec = load(original)
        start.parse = lap()
        let session = HeadlessPanelSession(config: spec, configPath: "bench.yaml")
        start.reconcile = lap()
        try session.renderUntilIdle()
        start.render = lap()

        let newSpec = load(edited)
        reload.parse = lap()
        session.host.reload(newSpec)
        reload.reconcile = lap()
        try session.renderUntilIdle()
        reload.render = lap()
        return (start, reload)
    }

    static func run(table: inout Table, repetitions: Int = 3) throws {
        for count in [1_000, 10_000] {
            var runs: [(start: Phases, reload: Phases)] = []
            for _ in 0..<repetitions { runs.append(try measureOnce(widgets: count)) }
            let starts = runs.map(\.start.total).sorted(), reloads = runs.map(\.reload.total).sorted()
            let start = starts[starts.count / 2], reload = reloads[reloads.count / 2]
            let slowest = runs.max { $0.reload.total < $1.reload.total }!.reload
            table.add("first start, \(count) widgets (parse + build + first frame)", median: format(start), p90: format(starts.last!))
            table.add("reload, \(count) widgets (parse + reconcile + frame)", median: format(reload), p90: format(reloads.last!))
            table.add("  reload phases: parse / reconcile / frame",
                      median: "", p90: "\(format(slowest.parse)) / \(format(slowest.reconcile)) / \(format(slowest.render))")
            table.add("reload / first start, \(count) widgets", median: String(format: "%.2f", reload / start), p90: "(≤ 1.2)")
        }
    }

    private static func format(_ milliseconds: Double) -> String {
        String(format: "%.1f ms", milliseconds)
    }
}

import Foundation
import KioskCompositor
import KioskGraphics
import KioskPlatform
import KioskRuntime
import KioskUI

/// Measures the compositor on the reference dashboard and prints a table of medians and p90s,
/// then first start against reload of large configs (ReloadBenchmark.swift).

let iterations = Int(ProcessInfo.processInfo.environment["KIOSK_BENCH_ITERATIONS"] ?? "") ?? 300

func measure(_ body: () throws -> Void) rethrows -> [Double] {
    for _ in 0..<10 { try body() }   // warm caches (glyphs, shadow masks)
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let start = MonotonicClock.now()
        try body()
        samples.append((MonotonicClock.now() - start) * 1000)
    }
    return samples.sorted()
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
}

struct Table {
    var rows: [(String, String, String)] = []

    mutating func add(_ name: String, _ samples: [Double]) {
        rows.append((name, String(format: "%.4f ms", percentile(samples, 0.5)), String(format: "%.4f ms", percentile(samples, 0.9))))
    }

    mutating func add(_ name: String, median: String, p90: String) {
        rows.append((name, median, p90))
    }

    func print() {
        let nameWidth = rows.map(\.0.count).max()! + 2
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        Swift.print(pad("measurement", nameWidth) + pad("median", 14) + "p90")
        for (name, median, p90) in rows { Swift.print(pad(name, nameWidth) + pad(median, 14) + p90) }
    }
}

func runBenchmark() throws {
    var table = Table()
    let dashboard = ReferenceDashboard()
    let display = HeadlessDisplay(size: ReferenceDashboard.size, rootView: dashboard.root)
    try display.renderUntilIdle()
    let compositor = display.compositor
    let full = Region(display.screen.pixelBounds)

    // KIOSK_BENCH_ONLY=ring measures the ring update alone, =full the full frame alone (for profilers).
    let onlyRing = ProcessInfo.processInfo.environment["KIOSK_BENCH_ONLY"] == "ring"
    if !onlyRing {
        table.add("full-frame paint (1280x800)", measure { compositor.paint(full) })
    }
    if ProcessInfo.processInfo.environment["KIOSK_BENCH_ONLY"] == "full" {
        table.print()
        return
    }

    var high = false
    var ringPixels: [Int] = []
    table.add("ring update 42% <-> 43% (damage + paint + present)", try measure {
        high.toggle()
        dashboard.ring.value = high ? 0.43 : 0.42
        // One refresh of the virtual loop: the frame loop paints and presents the change.
        try display.advance(by: display.refreshInterval)
        ringPixels.append(compositor.lastPaintedPixels)
    })
    ringPixels.sort()
    table.add("pixels repainted by the ring update", median: "\(ringPixels[ringPixels.count / 2]) px",
              p90: "\(ringPixels[ringPixels.count * 9 / 10]) px")
    let ringDamage = compositor.lastDamage
    if ProcessInfo.processInfo.environment["KIOSK_BENCH_DEBUG"] != nil { print("ring damage", ringDamage) }
    table.add("present copy of the ring damage",
              try measure { try compositor.swapchain.present(from: compositor.shadowBuffer, damage: ringDamage) })
    table.add("full-screen present", try measure { try compositor.swapchain.present(from: compositor.shadowBuffer, damage: full) })

    let frameBytes = compositor.shadowBuffer.stride * compositor.shadowBuffer.height
    let source = UnsafeMutableRawPointer.allocate(byteCount: frameBytes, alignment: 64)
    let target = UnsafeMutableRawPointer.allocate(byteCount: frameBytes, alignment: 64)
    defer { source.deallocate(); target.deallocate() }
    memset(source, 0x5A, frameBytes)
    table.add("memcpy of one full frame (floor)", measure { memcpy(target, source, frameBytes) })
    // KIOSK_BENCH_ONLY=anchors keeps to the rows compare.sh reads.
    let others = !onlyRing && ProcessInfo.processInfo.environment["KIOSK_BENCH_ONLY"] != "anchors"
    if others { try addControlServerRows(to: &table) }
    if others { try addListScrollRows(to: &table) }
    if others { try addChartRows(to: &table) }
    if others { try addTransitionRows(to: &table) }
    if others { try addScrollRows(to: &table) }

    print("kiosk-bench: reference dashboard 1280x800, \(iterations) iterations each")
    table.print()
}

/// `KIOSK_BENCH_ONLY=reload` (or `kiosk-bench reload`) runs the reload rows alone; `list` the list
/// rows; `scaling` the table of screen sizes; `start` the start and memory rows; `transitions` the
/// transition rows; `scroll` the scroll rows; `latency` input to screen.
let only = CommandLine.arguments.dropFirst().first ?? ProcessInfo.processInfo.environment["KIOSK_BENCH_ONLY"]
if only == "transitions" {
    var table = Table()
    try addTransitionRows(to: &table)
    print("kiosk-bench: panel transitions composed from layers, \(iterations) iterations")
    table.print()
} else if only == "scroll" {
    var table = Table()
    try addScrollRows(to: &table)
    print("kiosk-bench: a full-screen scroll moved 33 px a frame, \(iterations) iterations")
    table.print()
} else if only == "latency" {
    var table = Table()
    try addLatencyRows(to: &table)
    print("kiosk-bench: input to screen on the headless display at 60 Hz, real clock (150 inputs each)")
    table.print()
} else if only == "list" {
    var table = Table()
    try addListScrollRows(to: &table)
    print("kiosk-bench: a list of 1,000 rows, 800x480, \(iterations) iterations")
    table.print()
} else if only == "scaling" {
    try printScalingTable()
} else if only == "start" {
    var table = Table()
    try addStartRows(to: &table)
    print("kiosk-bench: kiosk run --backend headless, a fresh process each time")
    table.print()
} else if only == "reload" {
    var table = Table()
    try ReloadBenchmark.run(table: &table)
    print("kiosk-bench: first start and reload of large configs (median and slowest of 3)")
    table.print()
} else {
    try runBenchmark()
    if only == nil {
        var table = Table()
        try ReloadBenchmark.run(table: &table)
        print("\nkiosk-bench: first start and reload of large configs (median and slowest of 3)")
        table.print()
        try printScalingTable()
        var startTable = Table()
        try addStartRows(to: &startTable)
        print("\nkiosk-bench: kiosk run --backend headless, a fresh process each time")
        startTable.print()
        var latencyTable = Table()
        try addLatencyRows(to: &latencyTable)
        print("\nkiosk-bench: input to screen on the headless display at 60 Hz, real clock (150 inputs each)")
        latencyTable.print()
    }
}

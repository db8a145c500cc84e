import Foundation
import KioskGraphics
import KioskTestSupport
import KioskUI

/// One measurement of the running kiosk.
struct SoakSample {
    var virtualTime: Double
    var realTime: Double
    var residentBytes: Int
    var views: Int
    var surfaces: Int
    var textLayouts: Int
    var backStack: Int
    /// Entries of the compositor's shadow and shape mask caches (bounded by their capacity).
    var cachedMasks: Int
    var frames: Int
    var inputEvents: Int
    var controlRequests: Int
    var actions: Int

    static let header = "virtual      real   RSS MiB   views  surfaces  layouts  masks  back   frames  input ev  ctl req  actions"

    var line: String {
        let hours = Int(virtualTime) / 3600, minutes = Int(virtualTime) % 3600 / 60
        return String(format: "%3dh%02dm  %7.1fs  %8.1f  %6d  %8d  %7d  %5d  %4d  %7d  %8d  %7d  %7d",
                      hours, minutes, realTime, Double(residentBytes) / 1_048_576, views, surfaces, textLayouts, cachedMasks, backStack,
                      frames, inputEvents, controlRequests, actions)
    }
}

/// Drives the kiosk for the given virtual hours and checks it: after every action, the frame on
/// screen equals a full repaint and nothing was logged as a problem or refused; every virtual
/// hour, memory and live objects have not grown beyond a bound since the baseline (the end of
/// the first hour; in a one-hour run, the first sample, once every panel and layout is made).
struct SoakRun {
    /// Growth allowed over the baseline. Memory moves with the allocator's arenas, the mask caches
    /// (bounded by count, not bytes) and the layers of views set to rasterize; a leak of one view
    /// per action is a thousand an hour.
    static let residentGrowthBound = 24 * 1_048_576
    static let viewGrowthBound = 150
    static let surfaceGrowthBound = 40
    static let layoutGrowthBound = 150

    let options: SoakOptions
    let kiosk: SoakKiosk
    var actions: SoakActions
    var random: SeededRandom
    var samples: [SoakSample] = []
    var failures: [String] = []
    /// The latest actions, for the failure report.
    var recent: [String] = []
    var actionCount = 0
    let start = Date()

    init(options: SoakOptions) throws {
        self.options = options
        kiosk = try SoakKiosk(configPath: options.configPath)
        actions = SoakActions(kiosk: kiosk)
        random = SeededRandom(seed: options.seed)
    }

    mutating func run(print report: (String) -> Void) throws {
        report(SoakSample.header)
        let end = Double(options.hours) * 3600
        var nextSample = options.sampleInterval
        var checkedProblems = 0, checkedRefusals = 0
        while kiosk.now < end && failures.isEmpty {
            let description = try actions.runOne(using: &random)
            actionCount += 1
            recent.append(String(format: "%.2f ", kiosk.now) + description)
            if options.trace { report("  " + recent.last!) }
            if recent.count > 40 { recent.removeFirst() }
            try kiosk.settle()
            // Partial repaint against full, after every action that left the screen at rest.
            if let difference = kiosk.repaintDifference() { fail(difference) }
            if kiosk.problems.count > checkedProblems {
                fail("logged: " + kiosk.problems[checkedProblems...].joined(separator: " | "))
                checkedProblems = kiosk.problems.count
            }
            if kiosk.refusals.count > checkedRefusals {
                fail("control request refused: " + kiosk.refusals[checkedRefusals...].joined(separator: " | "))
                checkedRefusals = kiosk.refusals.count
            }
            try kiosk.wait(Double.random(in: 0...(2 * options.meanGap), using: &random))
            if kiosk.now >= nextSample {
                let sample = try measure()
                samples.append(sample)
                report(sample.line)
                if sample.virtualTime.truncatingRemainder(dividingBy: 3600) < options.sampleInterval || kiosk.now >= end {
                    checkGrowth(sample)
                }
                nextSample += options.sampleInterval
            }
        }
        if failures.isEmpty, samples.last.map({ $0.virtualTime < end }) ?? true {
            let sample = try measure()
            samples.append(sample)
            report(sample.line)
            checkGrowth(sample)
        }
    }

    mutating func fail(_ message: String) {
        let hours = Int(kiosk.now) / 3600, minutes = Int(kiosk.now) % 3600 / 60, seconds = Int(kiosk.now) % 60
        failures.append(String(format: "at %dh%02dm%02ds: ", hours, minutes, seconds) + message)
    }

    /// Brings the kiosk to rest (alerts answered, no text input focused, the original config) so
    /// samples count the same things, then measures.
    mutating func measure() throws -> SoakSample {
        for _ in 0..<10 where !kiosk.host.pendingAlerts.isEmpty || kiosk.screen.rootView.subtree.contains(where: { $0 is Alert }) {
            if let button = kiosk.screen.rootView.subtree.first(where: { $0.id?.hasPrefix("alert.") == true }) {
                try kiosk.tap(at: kiosk.driver.frameOnScreen(of: button).center)
                try kiosk.settle()
            }
        }
        _ = kiosk.screen.focusedView?.resignFirstResponder()
        if kiosk.runsVariant { try kiosk.reloadOtherConfig() }
        try kiosk.settle()
        if let difference = kiosk.repaintDifference() { fail("at the sample, " + difference) }
        return SoakSample(virtualTime: kiosk.now, realTime: Date().timeIntervalSince(start),
                          residentBytes: try ProcessMemory.residentBytes(), views: LiveInstances.views.value,
                          surfaces: LiveInstances.surfaces.value, textLayouts: LiveInstances.textLayouts.value,
                          backStack: kiosk.host.backStack.count,
                          cachedMasks: kiosk.driver.compositor.shadowMasks.count + kiosk.driver.compositor.shapeMasks.count,
                          frames: kiosk.driver.frameCount,
                          inputEvents: kiosk.inputEvents, controlRequests: kiosk.controlRequests, actions: actionCount)
    }

    /// What growth is measured from: the first hour's end, when the run is longer (caches and the
    /// allocator have filled by then); in a one-hour run, the warm-up sample.
    var baseline: SoakSample? {
        options.hours > 1 ? samples.first { $0.virtualTime >= 3600 } : samples.first
    }

    mutating func checkGrowth(_ sample: SoakSample) {
        guard let baseline, baseline.virtualTime < sample.virtualTime else { return }
        let checks: [(String, Int, Int, Int)] = [
            ("RSS", baseline.residentBytes, sample.residentBytes, Self.residentGrowthBound),
            ("live views", baseline.views, sample.views, Self.viewGrowthBound),
            // Shadow and shape masks are surfaces too, kept by caches of bounded capacity.
            ("live surfaces outside the mask caches", baseline.surfaces - baseline.cachedMasks,
             sample.surfaces - sample.cachedMasks, Self.surfaceGrowthBound),
            ("live text layouts", baseline.textLayouts, sample.textLayouts, Self.layoutGrowthBound),
        ]
        for (name, before, now, bound) in checks where now - before > bound {
            fail("\(name) grew from \(before) to \(now) since \(baseline.line.prefix(8).trimmingCharacters(in: .whitespaces)) "
                 + "(bound: +\(bound))")
        }
    }
}

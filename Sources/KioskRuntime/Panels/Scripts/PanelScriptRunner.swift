import FoundationEssentials
import Glibc
import KioskConfig
import KioskGraphics
import KioskPlatform
import KioskUI

/// Plays a `PanelScript` against its config on a headless display, one report line per step and a
/// final `N passed, N failed`. Everything runs on the virtual loop: a `wait` moves it and runs every
/// frame and timer that falls due (panel timers, gestures, `display.idle`), in order, so two runs
/// give the same report and byte-identical pictures. The frames come at the display's refresh rate,
/// so the frames a step presents are those a panel at that rate would show.
public final class PanelScriptRunner {
    public let script: PanelScript
    public let session: HeadlessPanelSession
    public var input: ScriptInput
    /// Rewrite goldens instead of comparing with them.
    public var updateGoldens = false
    /// End each report line with the frames the step presented.
    public var reportsFrames = false
    /// Touches are this long unless the step says otherwise.
    public static let tapDuration = 0.05
    /// Drags move in steps this long (one per frame at 60 Hz).
    public static let moveInterval = 1.0 / 60

    /// Where a drag with `release: false` left the finger down.
    private var heldFinger: Point?

    public private(set) var passed = 0
    public private(set) var failed = 0

    /// The start panel is on screen before the first step, so that step's frames are its own.
    public init(script: PanelScript, adapters: AdapterTable = .standard,
                refreshRate: Double = HeadlessDisplay.defaultRefreshRate) throws {
        self.script = script
        // Sources fetch nothing in a script: `data:` steps give them values, so every run is the same.
        session = try HeadlessPanelSession.load(path: script.configPath, size: script.size, appearance: script.appearance,
                                                adapters: adapters, refreshRate: refreshRate, runsSources: false)
        input = DriverScriptInput(driver: session.driver)
        try session.renderUntilIdle()
    }

    public var host: PanelHost { session.host }

    /// Runs every step; returns true when all passed.
    @discardableResult
    public func run(report: (String) -> Void) -> Bool {
        let file = URL(fileURLWithPath: script.file).lastPathComponent
        for (index, step) in script.steps.enumerated() {
            var line = "\(file):\(step.location.line) step \(index + 1) \(step.summary)"
            let framesBefore = display.framesPresented
            var failure: (any Error)?
            do { try perform(step.kind) } catch { failure = error }
            if reportsFrames { line += Self.frameCount(display.framesPresented - framesBefore) }
            if let failure {
                failed += 1
                report("FAIL  " + line + ": \(failure)")
            } else {
                passed += 1
                report("ok    " + line)
            }
        }
        report("\(passed) passed, \(failed) failed")
        return failed == 0
    }

    /// ` (19 frames)`: what a step presented, including what an earlier step left running.
    static func frameCount(_ frames: Int) -> String {
        " (\(frames) frame\(frames == 1 ? "" : "s"))"
    }

    struct StepFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private var display: HeadlessDisplay { session.display }
    private var now: Double { display.loop.now }

    func perform(_ kind: PanelScript.Kind) throws {
        try session.renderUntilIdle()
        switch kind {
        case .run(let node):
            switch ActionDecoder(registry: host.reconciler.adapters.registry).actions(node, in: host.config) {
            case .success(let actions): host.run(actions)
            case .failure(let errors): throw StepFailure(errors.errors.map(\.description).joined(separator: "; "))
            }
            try session.renderUntilIdle()
        case .tap(let target):
            try touch(along: [try point(of: target)], holding: Self.tapDuration)
        case .longPress(let target, let duration):
            try touch(along: [try point(of: target)], holding: duration)
        case .drag(let from, let to, let duration, let release):
            try drag(from: from, to: to, duration: duration, release: release)
        case .type(let text):
            try requireInput()
            try session.driver.type(text)
        case .key(let key):
            try requireInput()
            try session.driver.press(key: key)
        case .wait(let seconds):
            try session.advance(by: seconds)
        case .expect(let expectation):
            try check(expectation)
        case .snapshot(let name, let tolerance):
            try compareSnapshot(named: name, tolerance: tolerance)
        case .data(let source, let value):
            try feed(source, value)
        }
    }

    // MARK: Input

    private func requireInput() throws {
        guard input.isAvailable else { throw StepFailure("touch input not available in this build") }
    }

    /// The centre of a widget on screen, or the point itself.
    private func point(of target: PanelScript.Target) throws -> Point {
        switch target {
        case .point(let point): return point
        case .widget(let id):
            display.screen.layoutIfNeeded()
            guard let view = display.screen.view(withID: id) else {
                throw StepFailure("no widget '\(id)' on panel '\(host.currentPanelID)'")
            }
            guard view.isEffectivelyVisible else { throw StepFailure("widget '\(id)' is hidden") }
            let frame = view.convertToScreen(view.bounds)
            return Point(x: frame.midX, y: frame.midY)
        }
    }

    /// A drag from `from` (or from where a finger left down is) to `to`, lifted there unless `release` is false.
    private func drag(from: PanelScript.Target?, to: PanelScript.Target, duration: Double, release: Bool) throws {
        let start: Point
        if let from {
            guard heldFinger == nil else { throw StepFailure("a finger is still down at \(heldFinger!); drag on without 'from'") }
            start = try point(of: from)
        } else {
            guard let held = heldFinger else { throw StepFailure("no finger is down: give the drag a 'from'") }
            start = held
        }
        let end = try point(of: to)
        let count = max(1, Int((duration / Self.moveInterval).rounded()))
        let path = (0...count).map { step in
            let t = Double(step) / Double(count)
            return Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
        }
        try touch(along: path, holding: Self.moveInterval, release: release)
    }

    /// One finger down at the first point (unless one is held there already), moved through the
    /// rest, held `interval` at each, lifted at the last unless `release` is false.
    private func touch(along path: [Point], holding interval: Double, release: Bool = true) throws {
        try requireInput()
        if heldFinger == nil {
            input.deliver(.touch(TouchSample(id: 0, phase: .began, location: path[0], timestamp: now)))
            try session.advance(by: interval)
        }
        heldFinger = nil
        for point in path.dropFirst() {
            input.deliver(.touch(TouchSample(id: 0, phase: .moved, location: point, timestamp: now)))
            try session.advance(by: interval)
        }
        guard release else {
            heldFinger = path[path.count - 1]
            return
        }
        input.deliver(.touch(TouchSample(id: 0, phase: .ended, location: path[path.count - 1], timestamp: now)))
        try session.renderUntilIdle()
    }

    // MARK: Expectations

    private func check(_ expectation: PanelScript.Expectation) throws {
        switch expectation {
        case .panel(let panel):
            guard host.currentPanelID == panel else { throw StepFailure("the panel shown is '\(host.currentPanelID)'") }
        case .property(let widget, let property, let expected):
            guard host.node(forWidget: widget) != nil else { throw StepFailure("no widget '\(widget)'") }
            let actual = host.value(of: property, widget: widget).map(Self.text) ?? "nothing"
            guard Self.matches(actual, expected) else { throw StepFailure("\(widget).\(property) is '\(actual)'") }
        case .emitted(let name, let value):
            let events = host.emittedEvents.filter { $0.name == name }
            guard !events.isEmpty else {
                throw StepFailure("no '\(name)' was emitted (emitted: \(host.emittedEvents.map(\.name).joined(separator: ", ")))")
            }
            if let value, !events.contains(where: { Self.matches($0.value.map(Self.text) ?? "", value) }) {
                throw StepFailure("'\(name)' was emitted with " + events.map { $0.value.map(Self.text) ?? "no value" }.joined(separator: ", "))
            }
        case .accessibilityLabel(let label):
            let shown = host.currentNodes.filter { $0.view.isEffectivelyVisible }
            guard shown.contains(where: { $0.accessibilityLabel == label }) else {
                throw StepFailure("no widget on panel '\(host.currentPanelID)' has the accessibility label '\(label)'")
            }
        case .source(let name, let member, let expected):
            try checkSource(name, member: member, equals: expected)
        case .alert(let title):
            guard host.pendingAlerts.contains(where: { $0.title == title }) else {
                throw StepFailure("no alert titled '\(title)' (alerts: \(host.pendingAlerts.map(\.title).joined(separator: ", ")))")
            }
        }
    }

    static func text(_ value: PropertyValue) -> String {
        value.string ?? PropertyValueFormatter.format(value)
    }

    /// Equal as text, or as numbers written differently (`3` and `3.0`).
    static func matches(_ actual: String, _ expected: String) -> Bool {
        if actual == expected { return true }
        guard let a = Double(actual), let b = Double(expected) else { return false }
        return abs(a - b) < 1e-9
    }

    // MARK: Snapshots

    private func compareSnapshot(named name: String, tolerance: UInt8) throws {
        let picture = try session.snapshot()
        let directory = script.goldenDirectory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let golden = "\(directory)/\(name).png", actualPath = "\(directory)/\(name).actual.png", diffPath = "\(directory)/\(name).diff.png"
        try? FileManager.default.removeItem(atPath: actualPath)
        try? FileManager.default.removeItem(atPath: diffPath)
        if updateGoldens {
            try picture.writePNG(to: golden)
            return
        }
        guard FileManager.default.fileExists(atPath: golden) else {
            try picture.writePNG(to: actualPath)
            throw StepFailure("no golden \(golden); the picture is in \(actualPath) (run with --update to accept it)")
        }
        let difference = picture.difference(from: try Surface(contentsOfPNG: golden), tolerance: tolerance)
        guard difference.isEmpty else {
            try picture.writePNG(to: actualPath)
            try difference.image?.writePNG(to: diffPath)
            throw StepFailure("\(difference.differingPixels) pixels differ by more than \(tolerance) (largest \(difference.largestDifference)); "
                              + "see \(actualPath) and \(diffPath)")
        }
    }
}

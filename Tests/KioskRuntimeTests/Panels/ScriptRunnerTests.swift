import Foundation
import KioskConfig
import KioskGraphics
import KioskRuntime
import Testing

/// `kiosk test` scripts: parsing, steps, expectations, goldens and the report.
@MainActor
struct ScriptRunnerTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "script-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try """
        panels:
          home:
            children:
              - {type: label, id: status, text: Ready}
              - {type: progress, id: ring, value: 0.5, size: [80, 80]}
              - {type: button, id: go, title: Go, on_tap: {goto: second}}
          second:
            on_show: {emit: {event: arrived, value: 2}}
            children:
              - {type: label, text: Second, accessibility: {label: Second page}}
        """.write(toFile: directory + "/kiosk.yaml", atomically: true, encoding: .utf8)
    }

    func runner(_ steps: String, refreshRate: Double = 60) throws -> PanelScriptRunner {
        let path = directory + "/script.yaml"
        try "config: kiosk.yaml\nsize: 200x200\nsteps:\n\(steps)\n".write(toFile: path, atomically: true, encoding: .utf8)
        return try PanelScriptRunner(script: try PanelScriptParser.parse(path: path), refreshRate: refreshRate)
    }

    func run(_ runner: PanelScriptRunner) -> [String] {
        var lines: [String] = []
        runner.run { lines.append($0) }
        return lines
    }

    @Test func actionsAndExpectationsPass() throws {
        let lines = run(try runner("""
          - expect: {panel: home}
          - do: {set: {status.text: Busy, ring.value: 0.75}}
          - expect: {widget: status, property: text, equals: Busy}
          - expect: {widget: ring, property: value, equals: 0.75}
          - do: {goto: second}
          - wait: 0.5s
          - expect: {panel: second}
          - expect: {emitted: arrived, value: 2}
          - expect: {accessibility_label: Second page}
        """))
        #expect(lines.last == "9 passed, 0 failed")
        #expect(lines.first == "ok    script.yaml:4 step 1 expect {panel: home}")
    }

    @Test func failuresSayWhatWasFound() throws {
        let runner = try runner("""
          - expect: {panel: second}
          - expect: {widget: status, property: text, equals: Busy}
          - do: {goto: nowhere}
        """)
        let lines = run(runner)
        #expect(lines[0].hasPrefix("FAIL") && lines[0].hasSuffix("the panel shown is 'home'"))
        #expect(lines[1].hasSuffix("status.text is 'Ready'"))
        #expect(lines[2].contains("unknown panel 'nowhere'"))
        #expect(lines.last == "0 passed, 3 failed")
        #expect(runner.failed == 3)
    }

    @Test func inputStepsFailClearlyWithoutInputDelivery() throws {
        let runner = try runner("""
          - tap: go
          - type: hello
          - drag: {from: [10, 10], to: [100, 10]}
        """)
        runner.input = UnavailableScriptInput()
        let lines = run(runner)
        #expect(lines.prefix(3).allSatisfy { $0.hasPrefix("FAIL") && $0.hasSuffix("touch input not available in this build") })
    }

    @Test func tapsReachControlsThroughScreenDispatch() throws {
        let lines = run(try runner("""
          - tap: go
          - wait: 0.5s
          - expect: {panel: second}
          - expect: {emitted: arrived, value: 2}
        """))
        #expect(lines.last == "4 passed, 0 failed", "\(lines)")
    }

    /// A slide lasts 0.3 s: a frame at each refresh from the one after the goto to the one at its
    /// end, so 18 at 60 Hz and almost twice as many at 120 Hz: panels move by whole pixels, and at
    /// one refresh near the end of this 200-point slide neither moves by one, so nothing is
    /// presented. The start panel's first frame is no step's.
    @Test(arguments: [(60.0, 18), (120.0, 35)])
    func eachStepReportsTheFramesItPresented(refreshRate: Double, transitionFrames: Int) throws {
        let runner = try runner("""
          - expect: {panel: home}
          - do: {goto: second}
          - expect: {panel: second}
        """, refreshRate: refreshRate)
        runner.reportsFrames = true
        let lines = run(runner)
        #expect(lines[0] == "ok    script.yaml:4 step 1 expect {panel: home} (0 frames)")
        #expect(lines[1] == "ok    script.yaml:5 step 2 do {goto: second} (\(transitionFrames) frames)")
        #expect(lines[2] == "ok    script.yaml:6 step 3 expect {panel: second} (0 frames)")
    }

    @Test func aFailedStepStillReportsItsFrames() throws {
        let runner = try runner("  - do: {set: {status.text: Busy}}\n  - expect: {panel: second}")
        runner.reportsFrames = true
        let lines = run(runner)
        #expect(lines[0].hasSuffix("(1 frame)"), "a changed label is one frame")
        #expect(lines[1] == "FAIL  script.yaml:5 step 2 expect {panel: second} (0 frames): the panel shown is 'home'")
    }

    @Test func snapshotsAreComparedWithGoldens() throws {
        let golden = directory + "/Golden/home.png"
        let first = try runner("  - snapshot: home")
        #expect(run(first).last == "0 passed, 1 failed", "a missing golden is a failure")
        #expect(FileManager.default.fileExists(atPath: directory + "/Golden/home.actual.png"))

        let update = try runner("  - snapshot: home")
        update.updateGoldens = true
        #expect(run(update).last == "1 passed, 0 failed")
        let written = try Data(contentsOf: URL(fileURLWithPath: golden))

        let again = try runner("  - snapshot: home")
        again.updateGoldens = true
        _ = run(again)
        #expect(try Data(contentsOf: URL(fileURLWithPath: golden)) == written, "two runs write byte-identical pictures")

        #expect(run(try runner("  - snapshot: home")).last == "1 passed, 0 failed")
        let changed = run(try runner("  - do: {set: {ring.value: 0.9}}\n  - snapshot: home"))
        #expect(changed.last == "1 passed, 1 failed")
        #expect(changed[1].contains("pixels differ"))
        #expect(FileManager.default.fileExists(atPath: directory + "/Golden/home.diff.png"))
    }

    @Test func parseErrorsPointAtTheStep() throws {
        let path = directory + "/bad.yaml"
        try "config: kiosk.yaml\nsteps:\n  - tapp: go\n  - key: nonsense\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try PanelScriptParser.parse(path: path)
        } throws: { error in
            let text = "\(error)"
            return text.contains("bad.yaml:3:5: error: unknown step 'tapp'") && text.contains("did you mean 'tap'")
                && text.contains("bad.yaml:4:10: error: unknown key 'nonsense'")
        }
    }

    @Test func theShowcaseScriptsThatNeedNoTouchPass() throws {
        let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts")
        for name in ["snapshots.yaml", "actions.yaml"] {
            let runner = try PanelScriptRunner(script: try PanelScriptParser.parse(path: scripts.appendingPathComponent(name).path))
            var lines: [String] = []
            runner.run { lines.append($0) }
            #expect(runner.failed == 0, "\(name): \(lines.filter { $0.hasPrefix("FAIL") })")
            #expect(runner.passed > 10)
        }
    }

    @Test func theIdleScriptSeesTheStartPanelComeBack() throws {
        let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts")
        let runner = try PanelScriptRunner(script: try PanelScriptParser.parse(path: scripts.appendingPathComponent("idle.yaml").path))
        var lines: [String] = []
        runner.run { lines.append($0) }
        #expect(runner.failed == 0, "\(lines.filter { $0.hasPrefix("FAIL") })")
        #expect(lines.contains { $0.hasPrefix("ok") && $0.contains("expect {panel: home}") })
    }

    @Test func theTimersScriptSeesTheDonePanelReturnAfterTenSeconds() throws {
        let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts")
        let runner = try PanelScriptRunner(script: try PanelScriptParser.parse(path: scripts.appendingPathComponent("timers.yaml").path))
        var lines: [String] = []
        runner.run { lines.append($0) }
        #expect(runner.failed == 0, "\(lines.filter { $0.hasPrefix("FAIL") })")
        #expect(runner.passed == 22)
    }

    @Test(arguments: ["swipe-complete.yaml", "swipe-controls.yaml"])
    func theSwipeScriptsPass(name: String) throws {
        let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts")
        let runner = try PanelScriptRunner(script: try PanelScriptParser.parse(path: scripts.appendingPathComponent(name).path))
        var lines: [String] = []
        runner.run { lines.append($0) }
        #expect(runner.failed == 0, "\(name): \(lines.filter { $0.hasPrefix("FAIL") })")
        #expect(runner.passed > 15)
    }

    @Test func aDragMayLeaveTheFingerDownAndAnotherMoveItOn() throws {
        let lines = run(try runner("""
          - drag: {to: [10, 10]}
          - drag: {from: [150, 150], to: [100, 150], release: false}
          - drag: {from: [150, 150], to: [100, 150]}
          - drag: {to: [50, 150], duration: 0.1s}
          - drag: {to: [50, 100]}
        """))
        #expect(lines[0].hasPrefix("FAIL") && lines[0].hasSuffix("no finger is down: give the drag a 'from'"))
        #expect(lines[1].hasPrefix("ok"))
        #expect(lines[2].hasPrefix("FAIL") && lines[2].contains("a finger is still down"))
        #expect(lines[3].hasPrefix("ok"))
        #expect(lines[4].hasPrefix("FAIL"))
        #expect(throws: ConfigErrors.self) { try runner("  - drag: {from: go, to: go, release: maybe}") }
    }
}

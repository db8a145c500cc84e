import Foundation
import Glibc
import KioskGraphics
import KioskPlatform
@testable import KioskRuntime
import KioskUI
import Testing

/// `kiosk run --trace`: the file is Chrome trace-event JSON that Perfetto and chrome://tracing open,
/// and every frame in it is whole.
struct FrameTraceTests {
    /// Ring steps, a timer and a source update on the headless dashboard, traced to a file.
    private func traceOfDashboard(steps: Int) throws -> [[String: Any]] {
        let path = NSTemporaryDirectory() + "frame-trace-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let trace = try FrameTrace(path: path)
        let dashboard = ReferenceDashboard()
        let loop = VirtualLoop()
        let display = HeadlessDisplay(size: ReferenceDashboard.size, rootView: dashboard.root, scheduler: loop)
        // What the runtime's timers and I/O run on when tracing (the display itself needs the
        // virtual loop to be moved by hand).
        let scheduler = TracingScheduler(loop, trace: trace)
        try scheduler.addTimer(after: 0.02) {}
        display.frames.addObserver(trace)
        try display.renderUntilIdle()
        for step in 0..<steps {
            dashboard.ring.value = step.isMultiple(of: 2) ? 0.43 : 0.42
            trace.input(.touch(TouchSample(id: 0, phase: .began, location: Point(x: 10, y: 10), timestamp: loop.now)))
            trace.sourceUpdated("weather")
            try display.advance(by: display.refreshInterval)
        }
        try display.renderUntilIdle()
        trace.close()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let events = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        return try #require(events, "the trace is a JSON array of objects")
    }

    @Test func everyEventFollowsTheTraceEventFormat() throws {
        let events = try traceOfDashboard(steps: 4)
        #expect(events.count > 20)
        for event in events {
            let name = event["name"] as? String, phase = event["ph"] as? String
            #expect(name?.isEmpty == false, "\(event)")
            #expect(["B", "E", "X", "i", "M"].contains(phase ?? ""), "\(event)")
            #expect(event["pid"] is Int && event["tid"] is Int, "\(event)")
            if phase != "M" {
                let ts = try #require(event["ts"] as? Double, "\(event)")
                #expect(ts.isFinite && ts >= 0)
            }
            if phase == "X" {
                let duration = try #require(event["dur"] as? Double, "\(event)")
                #expect(duration >= 0)
            }
            if phase == "i" { #expect(["t", "p", "g"].contains(event["s"] as? String ?? ""), "\(event)") }
            if let args = event["args"] { #expect(args is [String: Any], "\(event)") }
        }
        // Within a thread, B and E nest and come in time order.
        var open: [(name: String, ts: Double)] = []
        for event in events {
            guard let phase = event["ph"] as? String, phase == "B" || phase == "E" else { continue }
            let name = event["name"] as? String ?? "", ts = event["ts"] as? Double ?? 0
            if phase == "B" {
                open.append((name, ts))
            } else {
                let last = open.popLast()
                let begin = try #require(last, "an E without its B: \(event)")
                #expect(begin.name == name && begin.ts <= ts)
            }
        }
        #expect(open.isEmpty, "frames left open: \(open)")
    }

    @Test func everyFrameHasItsStepsAndADamageArea() throws {
        let events = try traceOfDashboard(steps: 6)
        func frame(of event: [String: Any]) -> Int? { (event["args"] as? [String: Any])?["frame"] as? Int }
        let begins = events.filter { $0["name"] as? String == "frame" && $0["ph"] as? String == "B" }.compactMap(frame)
        let ends = events.filter { $0["name"] as? String == "frame" && $0["ph"] as? String == "E" }.compactMap(frame)
        #expect(begins.count == 7, "the first frame and one per ring step")
        #expect(begins == ends)
        #expect(begins == Array(1...begins.count))
        for number in begins {
            let steps = events.filter { frame(of: $0) == number && $0["ph"] as? String == "X" }
            // Its steps; a timer that ran before it may carry its number too.
            #expect(Set(steps.compactMap { $0["name"] as? String }).isSuperset(of: ["animate", "layout", "damage", "paint", "present"]))
            let damage = try #require(steps.first { $0["name"] as? String == "damage" }?["args"] as? [String: Any])
            let area = try #require(damage["area"] as? Int)
            let rects = try #require(damage["rects"] as? [[Int]])
            #expect(area > 0 && !rects.isEmpty)
            #expect(rects.allSatisfy { $0.count == 4 && $0[2] > 0 && $0[3] > 0 })
            #expect(rects.map { $0[2] * $0[3] }.reduce(0, +) == area)
            if number == 1 { #expect(area == 1280 * 800) } else { #expect(area < 10_000, "a ring step is small") }
            #expect(events.contains { $0["name"] as? String == "flip" && frame(of: $0) == number }, "frame \(number) was shown")
        }
        for name in ["input", "source update", "timer"] {
            #expect(events.contains { $0["name"] as? String == name && frame(of: $0) != nil }, "\(name) with its frame")
        }
    }

    /// A library that forks (libseat's built-in seat manager) must find nothing in stdio's buffer
    /// to write a second time, and a kiosk that is killed must leave its frames in the file: the
    /// header is on disk at once, and each frame when it is presented.
    @Test func theFileHoldsEachFrameAsItIsPresented() throws {
        let path = NSTemporaryDirectory() + "frame-trace-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let trace = try FrameTrace(path: path)
        let onDisk = { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        #expect(onDisk().contains("\"process_name\""))
        let dashboard = ReferenceDashboard()
        let display = HeadlessDisplay(size: ReferenceDashboard.size, rootView: dashboard.root)
        display.frames.addObserver(trace)
        try display.renderUntilIdle()
        dashboard.ring.value = 0.43
        try display.advance(by: display.refreshInterval)
        #expect(onDisk().contains("{\"name\":\"frame\",\"cat\":\"kiosk\",\"ph\":\"E\""))
        #expect(onDisk().contains("\"frame\":2}"))
        trace.close()
    }

    /// The trace is written on the frame loop: a FIFO would hold it whenever its reader fell behind.
    @Test func aTraceGoesOnlyToAFile() throws {
        let fifo = NSTemporaryDirectory() + "frame-trace-\(UUID().uuidString).json"
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        // A reader, so that opening the FIFO to write never waits, whatever the code under test.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        #expect {
            try FrameTrace(path: fifo)
        } throws: { error in
            "\(error)" == "cannot write the trace to \(fifo): it is a FIFO, not a file"
        }
    }

    @Test func statisticsCountFramesAndDamage() throws {
        let dashboard = ReferenceDashboard()
        let display = HeadlessDisplay(size: ReferenceDashboard.size, rootView: dashboard.root)
        let statistics = FrameStatistics()
        display.frames.addObserver(statistics)
        try display.renderUntilIdle()
        for step in 0..<10 {
            dashboard.ring.value = step.isMultiple(of: 2) ? 0.43 : 0.42
            try display.advance(by: display.refreshInterval)
        }
        let summary = statistics.summary(wakeups: 3)
        #expect(summary.frames == 11)
        #expect(summary.frameTimeP50 > 0 && summary.frameTimeP50 <= summary.frameTimeP99)
        // One full frame and ten small ones.
        #expect(summary.damagedPixelsPerFrame > 1280 * 800 / 11 && summary.damagedPixelsPerFrame < 1280 * 800 / 10)
        #expect(summary.residentBytes ?? 0 > 1_000_000)
        let json = statistics.json(wakeups: 3)
        for key in ["fps", "frame_time_p50_ms", "frame_time_p99_ms", "longest_gap_ms", "damaged_pixels_per_frame", "wakeups", "rss_bytes"] {
            #expect(json[key] != nil, "stats has \(key)")
        }
    }

    @Test func kioskCtlStatsIsARequestOfItsOwn() throws {
        #expect(try ControlRequest(json: .object(["cmd": .string("stats")])) == .stats)
        #expect(try ControlClient.request(fromArguments: ["stats"]) == .stats)
        #expect(throws: ControlRequestError.self) { try ControlClient.request(fromArguments: ["stats", "now"]) }
    }
}

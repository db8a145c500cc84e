import Foundation
import Glibc
import KioskGraphics
import Testing

/// The live preview through a real VNC client (vncdotool) and raw RFB clients, against the `kiosk`
/// binary running headless. Loopback only; every wait is bounded.
@Suite(.serialized) struct RemoteViewProcessTests {
    static let buttonPanel = """
        display: {size: 320x240}
        panels:
          home:
            children:
              - {type: button, id: go, title: Press, on_tap: {emit: pressed}}
              - {type: label, text: Remote}
        """

    /// A label that changes five times a second: a stream of damage for the viewers.
    static let tickingPanel = """
        display: {size: 320x240}
        state:
          count: 0
        panels:
          home:
            timers:
              - {every: 0.2s, do: [{set: {state.count: "= state.count + 1"}}]}
            children:
              - {type: label, id: counter, text: "= state.count"}
        """

    @Test func aCaptureThroughVNCEqualsTheSnapshotOfTheSameConfig() throws {
        let kiosk = try RunningKiosk(config: Self.buttonPanel)
        let capture = kiosk.directory.path + "/capture.png", snapshot = kiosk.directory.path + "/snapshot.png"
        try VNCTools.vncdo(port: kiosk.port, ["capture", capture])
        try VNCTools.run(RunningKiosk.binary, ["snapshot", kiosk.configPath, "--out", snapshot], timeout: 60)
        let seen = try Surface(contentsOfPNG: capture), expected = try Surface(contentsOfPNG: snapshot)
        #expect(seen.width == 320 && seen.height == 240)
        let difference = seen.difference(from: expected, tolerance: 2)
        #expect(difference.isEmpty, "\(difference.differingPixels) pixels differ (largest \(difference.largestDifference))")
    }

    @Test func aClickThroughVNCPressesTheButton() throws {
        let kiosk = try RunningKiosk(config: Self.buttonPanel)
        #expect(kiosk.waitForOutput(containing: #""name":"pressed""#, timeout: 0) == nil)
        // The button spans the top of the stack, centred.
        try VNCTools.vncdo(port: kiosk.port, ["move", "160", "20", "click", "1"])
        #expect(kiosk.waitForOutput(containing: #"{"event":"emit","name":"pressed"}"#) != nil)
    }

    @Test func aSavedEditShowsInTheViewer() throws {
        let kiosk = try RunningKiosk(config: Self.buttonPanel)
        let capture = kiosk.directory.path + "/capture.png"
        try VNCTools.vncdo(port: kiosk.port, ["capture", capture])
        let before = try Surface(contentsOfPNG: capture)
        // The panel author saves a new label; the kiosk reloads it and the viewer sees it.
        try Self.buttonPanel.replacingOccurrences(of: "text: Remote", with: "text: Edited live")
            .write(toFile: kiosk.configPath, atomically: false, encoding: .utf8)
        #expect(kiosk.waitForLog(containing: "reloaded") != nil)
        try VNCTools.vncdo(port: kiosk.port, ["capture", capture])
        let after = try Surface(contentsOfPNG: capture)
        #expect(!after.difference(from: before, tolerance: 2).isEmpty)
    }

    @Test func aClickOnAScaledScreenLandsWhereTheViewerSawIt() throws {
        // 160x120 points at 2 pixels a point: the viewer sees 320x240 pixels.
        let kiosk = try RunningKiosk(config: Self.buttonPanel.replacingOccurrences(of: "{size: 320x240}", with: "{size: 160x120, scale: 2}"))
        let capture = kiosk.directory.path + "/capture.png"
        try VNCTools.vncdo(port: kiosk.port, ["capture", capture, "move", "160", "20", "click", "1"])
        let seen = try Surface(contentsOfPNG: capture)
        #expect(seen.width == 320 && seen.height == 240)
        #expect(kiosk.waitForOutput(containing: #"{"event":"emit","name":"pressed"}"#) != nil)
    }

    @Test func aSecondKioskServesOnTheNextFreePortAndSaysSo() throws {
        let first = try RunningKiosk(config: Self.buttonPanel)
        let second = try RunningKiosk(config: Self.buttonPanel)
        #expect(second.port > first.port)
        #expect(second.waitForOutput(containing: "in use) (open it in a VNC viewer") != nil)
        try VNCTools.vncdo(port: second.port, ["move", "160", "20", "click", "1"])
        #expect(second.waitForOutput(containing: #""name":"pressed""#) != nil)
        #expect(first.waitForOutput(containing: #""name":"pressed""#, timeout: 0) == nil)
    }

    @Test func noRemoteServesNothing() throws {
        let kiosk = try RunningKiosk(config: Self.buttonPanel, arguments: ["--no-remote"])
        #expect(!kiosk.output.text.contains("remote view"))
        #expect(!kiosk.errors.text.contains("remote view"))
        #expect(kiosk.process.isRunning)
    }

    @Test func remoteInputWakesADimScreenAsATouchDoes() throws {
        let kiosk = try RunningKiosk(config: Self.buttonPanel.replacingOccurrences(
            of: "display: {size: 320x240}", with: "display: {size: 320x240, idle: {dim: 5s}}"))
        let capture = kiosk.directory.path + "/capture.png"
        /// The background in a corner: white awake, darker once the screen is dim.
        func corner(after commands: [String] = []) throws -> UInt32 {
            try VNCTools.vncdo(port: kiosk.port, commands + ["capture", capture])
            return try Surface(contentsOfPNG: capture).pixel(x: 310, y: 230) & 0xFF_FFFF
        }
        var attempts = 0
        while try corner() == 0xFF_FFFF, attempts < 60 {
            usleep(200_000)
            attempts += 1
        }
        try #require(try corner() != 0xFF_FFFF, "the screen never dimmed")
        // The touch that wakes the screen only wakes it, as on the glass; the next one (well within
        // the 5 s before it dims again) presses.
        #expect(try corner(after: ["move", "160", "20", "click", "1", "pause", "0.3"]) == 0xFF_FFFF)
        #expect(kiosk.waitForOutput(containing: #""name":"pressed""#, timeout: 0) == nil)
        try VNCTools.vncdo(port: kiosk.port, ["move", "160", "20", "click", "1"])
        #expect(kiosk.waitForOutput(containing: #""name":"pressed""#) != nil)
    }

    @Test func aViewerThatStopsReadingDoesNotHoldUpAnother() throws {
        let kiosk = try RunningKiosk(config: Self.tickingPanel)
        let programs = try VNCTools.programs.get()
        let stalled = Process()
        stalled.executableURL = URL(fileURLWithPath: programs + "/python")
        stalled.arguments = [VNCTools.rawClient, "stall", "\(kiosk.port)"]
        let pipe = Pipe()
        stalled.standardOutput = pipe
        let stalledOutput = OutputCollector(pipe.fileHandleForReading)
        try stalled.run()
        defer {
            // SIGKILL: the test process may block SIGTERM (signalfd loops), and children inherit that.
            kill(stalled.processIdentifier, SIGKILL)
            stalled.waitUntilExit()
        }
        var waits = 0
        while !stalledOutput.text.contains("stalled"), waits < 1500, stalled.isRunning {
            usleep(20_000)
            waits += 1
        }
        try #require(stalledOutput.text.contains("stalled"), "the stalling viewer did not get going")
        // Ten changes of the label, each sent to the reading viewer while the other one's
        // two hundred full frames sit unread.
        let result = try VNCTools.rawClient(["updates", "\(kiosk.port)", "10"])
        #expect(result.contains("updates 10"))
        #expect(kiosk.process.isRunning)
    }

    @Test func aClientSendingGarbageIsLoggedAndTheKioskGoesOn() throws {
        let kiosk = try RunningKiosk(config: Self.buttonPanel)
        #expect(try VNCTools.rawClient(["garbage", "\(kiosk.port)"]).contains("closed"))
        #expect(kiosk.waitForLog(containing: "not a valid RFB client") != nil)
        #expect(kiosk.process.isRunning)
        // And the next viewer is served as before.
        try VNCTools.vncdo(port: kiosk.port, ["move", "160", "20", "click", "1"])
        #expect(kiosk.waitForOutput(containing: #""name":"pressed""#) != nil)
    }
}

import Glibc
import Testing
@testable import KioskRuntime

/// In the notifier's serialized suite: both set NOTIFY_SOCKET for the process.
extension ServiceNotifierTests {
    @Test func runtimeIsReadyOnceTheFirstFrameIsShownAndStopsCleanly() throws {
        let systemd = try FakeServiceManager(watchdogMicroseconds: nil)
        let fixture = try RuntimeFrameFixture()
        let service = ServiceLifecycle(notifier: ServiceNotifier())
        fixture.frames.onFramePresented = { _ in service.framePresented(on: "Virtual-1 1280x800@75") }
        try service.armWatchdog(on: fixture.loop) { true }
        #expect(fixture.loop.armedTimerCount == 1)     // only the first frame's timer: no watchdog asked for

        #expect(fixture.run { fixture.frames.framesPresented == 1 })
        #expect(systemd.messages().isEmpty)             // rendered, not yet on screen
        fixture.completeFlip()
        fixture.root.alpha = 0.5
        #expect(fixture.run { fixture.frames.framesPresented == 2 })
        fixture.completeFlip()
        var reloaded = false
        service.reloading { reloaded = true }
        #expect(reloaded)
        service.displayDisconnected("Virtual-1")
        service.stopping()
        let messages = systemd.messages()
        #expect(messages.count == 5)
        #expect(messages.first == "READY=1\nSTATUS=showing on Virtual-1 1280x800@75")
        #expect(messages.dropFirst().first?.hasPrefix("RELOADING=1\nMONOTONIC_USEC=") == true)
        #expect(Array(messages.dropFirst(2)) == ["READY=1", "STATUS=display Virtual-1 disconnected; waiting for it to return",
                                                 "STOPPING=1"])
    }

    @Test func statusNamesThePanelOnScreen() throws {
        let systemd = try FakeServiceManager(watchdogMicroseconds: nil)
        let service = ServiceLifecycle(notifier: ServiceNotifier())
        service.content = "panel home"
        service.framePresented(on: "Virtual-1 1280x800@75")
        service.content = "panel settings"
        service.content = "panel settings"
        #expect(systemd.messages() == ["READY=1\nSTATUS=showing panel home on Virtual-1 1280x800@75",
                                       "STATUS=showing panel settings on Virtual-1 1280x800@75"])
    }

    @Test func aLostNotificationIsLoggedWithWhatItCosts() throws {
        let systemd = try FakeServiceManager(watchdogMicroseconds: nil)
        setenv("NOTIFY_SOCKET", "\(systemd.directory.path)/gone", 1)
        let log = LogCapture()
        let service = ServiceLifecycle(notifier: ServiceNotifier(), logger: log.logger)
        service.framePresented(on: "Virtual-1 1280x800@75")
        service.displayDisconnected("Virtual-1")
        #expect(service.hasNotifiedReady, "the kiosk runs on")
        let lines = log.lines
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("error: systemd did not receive READY=1") == true)
        #expect(lines.first?.contains("start timeout") == true)
        #expect(lines.last?.hasPrefix("warning: systemd did not receive STATUS=display Virtual-1 disconnected") == true,
                "a lost status line costs only what systemctl status shows")
    }

    @Test func runtimeWithoutADisplayIsReadyAndSaysItWaits() throws {
        let systemd = try FakeServiceManager(watchdogMicroseconds: nil)
        let service = ServiceLifecycle(notifier: ServiceNotifier())
        service.waitingForDisplay()
        service.framePresented(on: "HDMI-A-1 1920x1080@60")
        #expect(systemd.messages() == ["READY=1\nSTATUS=waiting for a display", "STATUS=showing on HDMI-A-1 1920x1080@60"])
    }

    @Test func statusFollowsTheSeatAcrossASessionSwitch() throws {
        let systemd = try FakeServiceManager(watchdogMicroseconds: nil)
        let service = ServiceLifecycle(notifier: ServiceNotifier())
        service.waitingForSeat()
        service.content = "panel home"
        service.framePresented(on: "Virtual-1 1280x800@75")
        service.sessionPaused()
        service.content = "panel settings"      // changed while away: not claimed as shown
        service.sessionResumed()
        #expect(systemd.messages() == ["READY=1\nSTATUS=waiting for the seat (another session is in front)",
                                       "STATUS=showing panel home on Virtual-1 1280x800@75",
                                       "STATUS=paused: another session has the display",
                                       "STATUS=showing panel settings on Virtual-1 1280x800@75"])
    }

    @Test func runtimeFeedsTheWatchdogOnlyWhileFramesComplete() throws {
        let systemd = try FakeServiceManager(watchdogMicroseconds: 20_000)    // pings every 10 ms
        let fixture = try RuntimeFrameFixture()
        let service = ServiceLifecycle(notifier: ServiceNotifier())
        try service.armWatchdog(on: fixture.loop) {
            fixture.frames.isHealthy(now: fixture.loop.now, flipTimeout: 0.005)
        }
        #expect(fixture.run { fixture.frames.framesPresented == 1 })
        fixture.completeFlip()
        for _ in 0..<3 { try fixture.loop.runOnce() }
        let healthy = systemd.messages()
        #expect(!healthy.isEmpty && healthy.allSatisfy { $0 == "WATCHDOG=1" })

        // A flip that never completes: the loop still wakes up, but the pings stop.
        fixture.root.alpha = 0.5
        #expect(fixture.run { fixture.frames.framesPresented == 2 })
        _ = systemd.messages()
        for _ in 0..<4 { try fixture.loop.runOnce() }
        // At most the first tick, if it came before the flip was overdue.
        #expect(systemd.messages().count <= 1)
        service.stopping()
        #expect(systemd.messages() == ["STOPPING=1"])
        #expect(fixture.loop.armedTimerCount == 0)
    }
}

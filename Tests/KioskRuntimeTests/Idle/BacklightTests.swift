import Foundation
import Glibc
import KioskPlatform
import Testing
@testable import KioskRuntime

/// A /sys/class/backlight look-alike in a temporary directory.
final class FakeBacklightTree {
    let directory = TemporaryDirectory()
    var root: String { directory.path }
    private var created: [String] = []

    func add(_ name: String, type: String?, maximum: Int?, brightness: Int = 0) {
        let path = "\(root)/\(name)"
        mkdir(path, 0o755)
        created.append(path)
        if let type { write("\(path)/type", type + "\n") }
        if let maximum { write("\(path)/max_brightness", "\(maximum)\n") }
        write("\(path)/brightness", "\(brightness)\n")
    }

    func write(_ path: String, _ text: String) {
        let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
    }

    /// A tree with one backlight logind has never heard of, at 0 of 100.
    static func withTestBacklight() -> FakeBacklightTree {
        let tree = FakeBacklightTree()
        tree.add("kiosk_test_backlight", type: "raw", maximum: 100)
        return tree
    }

    func firstDevice() throws -> BacklightDevice {
        try #require(Backlight.discover(in: root).first)
    }

    deinit {
        for path in created {
            for file in ["type", "max_brightness", "brightness", "actual_brightness"] { unlink("\(path)/\(file)") }
            rmdir("\(path)/brightness")
            rmdir(path)
        }
    }
}

@Suite struct BacklightTests {
    @Test func prefersFirmwareThenPlatformThenRawAndSkipsBrokenEntries() {
        let sysfs = FakeBacklightTree()
        sysfs.add("intel_backlight", type: "raw", maximum: 1000)
        sysfs.add("acpi_video0", type: "firmware", maximum: 15)
        sysfs.add("dell_backlight", type: "platform", maximum: 7)
        sysfs.add("half_removed", type: "raw", maximum: nil)
        #expect(Backlight.discover(in: sysfs.root).map(\.name) == ["acpi_video0", "dell_backlight", "intel_backlight"])
        #expect(Backlight.open(in: sysfs.root)?.device.maximumBrightness == 15)
        #expect(Backlight.open(named: "intel_backlight", in: sysfs.root)?.device.type == "raw")
    }

    @Test func absentBacklightIsReportedSoTheRuntimeUsesAnOverlay() {
        let sysfs = FakeBacklightTree()
        #expect(Backlight.open(in: sysfs.root) == nil)
        #expect(Backlight.open(in: "/nonexistent/backlight") == nil)
        sysfs.add("rpi_backlight", type: "raw", maximum: 255)
        #expect(Backlight.open(named: "other", in: sysfs.root) == nil)
    }

    @Test func fractionsBecomeDeviceLevelsWrittenToSysfs() throws {
        let sysfs = FakeBacklightTree()
        sysfs.add("rpi_backlight", type: "raw", maximum: 255, brightness: 255)
        let backlight = try #require(Backlight.open(in: sysfs.root, methods: [.sysfs]))
        try backlight.setBrightness(fraction: 0.2)
        #expect(backlight.brightness == 51)
        try backlight.setBrightness(fraction: 0.0001)
        #expect(backlight.brightness == 1)
        try backlight.setBrightness(fraction: 0)
        #expect(backlight.brightness == 0)
        try backlight.setBrightness(5000)
        #expect(backlight.brightness == 255)
        #expect(backlight.workingMethod == .sysfs)
    }

    @Test func fallsBackToSysfsWhenLogindCannotDoIt() throws {
        let sysfs = FakeBacklightTree()
        // A device logind has never heard of: even a live logind refuses it.
        sysfs.add("kiosk_test_backlight", type: "raw", maximum: 100)
        let backlight = try #require(Backlight.open(in: sysfs.root))
        try backlight.setBrightness(fraction: 0.5)
        #expect(backlight.workingMethod == .sysfs)
        #expect(backlight.brightness == 50)
    }

    /// A system bus that takes the connection and never answers (a hung dbus-daemon or logind): the
    /// levels asked for return at once, the loop goes on, and once the call has had its time the
    /// latest level, not the one in flight, goes to sysfs. logind is not asked again.
    @Test func aSystemBusThatNeverAnswersHoldsNothingAndTheLatestLevelGoesToSysfs() throws {
        let sysfs = FakeBacklightTree.withTestBacklight()
        let device = try sysfs.firstDevice()
        let bus = try SilentBus()
        let loop = try EventLoop()
        let backlight = Backlight(device: device, scheduler: loop, busAddress: bus.address, timeout: 0.2)
        var failures: [BacklightError] = []
        backlight.onFailure = { failures.append($0) }

        try backlight.setBrightness(fraction: 0.5)
        try backlight.setBrightness(fraction: 0.3)
        #expect(backlight.brightness == 0, "nothing is written while logind is asked")
        #expect(backlight.workingMethod == nil)

        try turn(loop) { backlight.workingMethod != nil }
        #expect(backlight.workingMethod == .sysfs)
        #expect(backlight.brightness == 30, "the latest level, not the one in flight")
        #expect(failures.isEmpty)
        try backlight.setBrightness(fraction: 0.8)
        #expect(backlight.brightness == 80, "sysfs at once from now on")
    }

    /// When sysfs cannot take the level either, the failure comes later, with both reasons.
    @Test func aLateFailureIsReportedWithWhatWasTried() throws {
        let sysfs = FakeBacklightTree()
        sysfs.add("stuck", type: "raw", maximum: 10)
        unlink("\(sysfs.root)/stuck/brightness")
        mkdir("\(sysfs.root)/stuck/brightness", 0o755)
        let bus = try SilentBus()
        let loop = try EventLoop()
        let device = try #require(Backlight.discover(in: sysfs.root).first)
        let backlight = Backlight(device: device, scheduler: loop, busAddress: bus.address, timeout: 0.2)
        var failures: [BacklightError] = []
        backlight.onFailure = { failures.append($0) }
        try backlight.setBrightness(3)
        try turn(loop) { !failures.isEmpty }
        #expect(failures.map(\.reasons) == [["logind: no answer in 0.2 s", "sysfs: \(sysfs.root)/stuck/brightness: Is a directory"]])
    }

    /// A real dbus-daemon of the test's own, on which no logind runs: the daemon's error comes back
    /// through the loop and the level goes to sysfs.
    @Test func aBusWithoutLogindAnswersThroughTheLoopAndSysfsTakesTheLevel() throws {
        let sysfs = FakeBacklightTree.withTestBacklight()
        let device = try sysfs.firstDevice()
        let bus = try PrivateBus()
        let loop = try EventLoop()
        let backlight = Backlight(device: device, scheduler: loop, busAddress: bus.address)
        try backlight.setBrightness(fraction: 0.6)
        #expect(backlight.levelInFlight == 60)
        try turn(loop) { backlight.workingMethod != nil }
        #expect(backlight.workingMethod == .sysfs)
        #expect(backlight.brightness == 60)
        #expect(backlight.logindFailure?.contains("org.freedesktop.login1") == true, "\(backlight.logindFailure ?? "no failure")")
    }

    /// One call at a time: a level asked for meanwhile waits, replaced by any later one, and goes
    /// when logind has answered.
    @Test func levelsAskedForDuringACallAreCoalesced() throws {
        let sysfs = FakeBacklightTree.withTestBacklight()
        let device = try sysfs.firstDevice()
        let bus = try SilentBus()
        let loop = try EventLoop()
        let backlight = Backlight(device: device, scheduler: loop, busAddress: bus.address)
        try backlight.setBrightness(10)
        try backlight.setBrightness(20)
        try backlight.setBrightness(30)
        #expect(backlight.levelInFlight == 10 && backlight.levelQueued == 30)
        backlight.logindAnswered(error: nil)
        #expect(backlight.workingMethod == .logind)
        #expect(backlight.levelInFlight == 30 && backlight.levelQueued == nil)
        backlight.logindAnswered(error: nil)
        #expect(backlight.levelInFlight == nil)
        #expect(backlight.brightness == 0, "sysfs was never needed")
    }

    /// A backlight let go with a call in flight (a reload makes a new one) leaves nothing armed on
    /// the loop: its answer timer would find it gone.
    @Test func aBacklightLetGoMidCallLeavesNoTimer() throws {
        let sysfs = FakeBacklightTree.withTestBacklight()
        let device = try sysfs.firstDevice()
        let bus = try SilentBus()
        let loop = VirtualLoop()
        var backlight: Backlight? = Backlight(device: device, scheduler: loop, busAddress: bus.address)
        try backlight?.setBrightness(50)
        #expect(loop.armedTimerCount >= 1)
        backlight = nil
        #expect(loop.armedTimerCount == 0)
        #expect(loop.watchedDescriptorCount == 0)
        loop.advance(by: 5)
    }

    @Test func noSystemBusMeansSysfsAtOnce() throws {
        let sysfs = FakeBacklightTree.withTestBacklight()
        let device = try sysfs.firstDevice()
        let loop = VirtualLoop()
        let directory = TemporaryDirectory()
        let backlight = Backlight(device: device, scheduler: loop, busAddress: "unix:path=\(directory.path)/none")
        try backlight.setBrightness(fraction: 0.4)
        #expect(backlight.workingMethod == .sysfs)
        #expect(backlight.brightness == 40)
    }

    /// Turns `loop` until `done`, for 10 s at most: a timer of the test's own ends every wait by then.
    private func turn(_ loop: EventLoop, until done: () -> Bool) throws {
        let deadline = MonotonicClock.now() + 10
        try loop.addTimer(after: 10) {}
        while !done(), MonotonicClock.now() < deadline { try loop.runOnce() }
    }

    /// NaN is full brightness and never a trapping conversion; infinities are the ends.
    @Test func fractionsOutsideZeroToOneAreBounded() throws {
        let sysfs = FakeBacklightTree.withTestBacklight()
        let backlight = try #require(Backlight.open(in: sysfs.root, methods: [.sysfs]))
        for (fraction, level) in [(Double.nan, 100), (-.infinity, 0), (.infinity, 100), (-3, 0), (1e12, 100), (-.nan, 100)] {
            try backlight.setBrightness(fraction: fraction)
            #expect(backlight.brightness == level, "\(fraction)")
        }
        try backlight.setBrightness(Int.max)
        #expect(backlight.brightness == 100)
        try backlight.setBrightness(Int.min)
        #expect(backlight.brightness == 0)
    }

    /// FIFOs where sysfs has files: the backlight is skipped or refused, and nothing waits.
    @Test func fifosInTheTreeHoldNothing() throws {
        let sysfs = FakeBacklightTree()
        sysfs.add("fifo_maximum", type: "raw", maximum: nil)
        try #require(mkfifo("\(sysfs.root)/fifo_maximum/max_brightness", 0o600) == 0)
        defer { unlink("\(sysfs.root)/fifo_maximum/max_brightness") }
        sysfs.add("fifo_level", type: "raw", maximum: 10)
        unlink("\(sysfs.root)/fifo_level/brightness")
        try #require(mkfifo("\(sysfs.root)/fifo_level/brightness", 0o600) == 0)
        #expect(Backlight.discover(in: sysfs.root).map(\.name) == ["fifo_level"])
        let backlight = try #require(Backlight.open(in: sysfs.root, methods: [.sysfs]))
        #expect(backlight.brightness == nil)
        #expect(throws: BacklightError.self) { try backlight.setBrightness(5) }
    }

    @Test func failureListsEveryMethodTried() throws {
        let sysfs = FakeBacklightTree()
        sysfs.add("stuck", type: "raw", maximum: 10)
        // A directory where the brightness file should be: writing fails even as root.
        unlink("\(sysfs.root)/stuck/brightness")
        mkdir("\(sysfs.root)/stuck/brightness", 0o755)
        let backlight = try #require(Backlight.open(in: sysfs.root, methods: [.sysfs]))
        #expect(throws: BacklightError.self) { try backlight.setBrightness(3) }
        do {
            try backlight.setBrightness(3)
        } catch {
            #expect(error.reasons == ["sysfs: \(sysfs.root)/stuck/brightness: Is a directory"])
            #expect(error.description.hasPrefix("cannot set backlight stuck: sysfs: "))
        }
        #expect(backlight.workingMethod == nil)
    }
}

/// A listening socket that never accepts: the kernel completes connections into its queue, and
/// nothing ever answers them, as with a hung bus.
final class SilentBus {
    let directory = TemporaryDirectory()
    let descriptor: Int32
    var address: String { "unix:path=\(directory.path)/bus" }

    init() throws {
        let path = directory.path + "/bus"
        descriptor = try UnixSocket.makeStreamSocket(path: path, nonBlocking: false)
        let bound = try UnixSocket.withAddress(path) { bind(descriptor, $0, $1) }
        try #require(bound == 0 && listen(descriptor, 16) == 0)
    }

    deinit {
        close(descriptor)
        unlink(directory.path + "/bus")
    }
}

/// A dbus-daemon of the test's own (the session configuration, so any client may connect), on a
/// socket in a temporary directory; stopped when the test lets it go.
final class PrivateBus {
    let directory = TemporaryDirectory()
    private let process = Process()
    var address: String { "unix:path=\(directory.path)/bus" }

    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--session", "--nofork", "--nopidfile", "--address=\(address)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<100 where access(directory.path + "/bus", F_OK) != 0 { usleep(50_000) }
        try #require(access(directory.path + "/bus", F_OK) == 0, "dbus-daemon did not listen")
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

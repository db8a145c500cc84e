import Glibc
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

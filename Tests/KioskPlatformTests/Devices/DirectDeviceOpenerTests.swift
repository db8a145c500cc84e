import Glibc
import KioskPlatform
import Testing

struct DirectDeviceOpenerTests {
    @Test func opensWithTheAskedFlagsAndCloseOnExec() throws {
        let opener = DirectDeviceOpener()
        let descriptor = try opener.openDevice(atPath: "/dev/null", flags: O_RDWR | O_NONBLOCK)
        defer { opener.closeDevice(descriptor) }
        let status = fcntl(descriptor, F_GETFL)
        #expect(status & O_ACCMODE == O_RDWR)
        #expect(status & O_NONBLOCK != 0)
        // A descriptor of the kiosk must not leak into a program it starts.
        #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test func aMissingNodeFailsWithItsPathAndErrno() {
        #expect(throws: DeviceOpenError(path: "/dev/dri/card99", code: ENOENT, call: "open")) {
            _ = try DirectDeviceOpener().openDevice(atPath: "/dev/dri/card99", flags: O_RDWR | O_NONBLOCK)
        }
    }

    @Test func closingGivesTheDescriptorBack() throws {
        let opener = DirectDeviceOpener()
        let descriptor = try opener.openDevice(atPath: "/dev/null", flags: O_RDONLY)
        opener.closeDevice(descriptor)
        #expect(fcntl(descriptor, F_GETFD) == -1 && errno == EBADF)
    }
}

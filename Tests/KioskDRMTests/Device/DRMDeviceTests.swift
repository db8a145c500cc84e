import Glibc
import KioskPlatform
import Testing
@testable import KioskDRM

/// Refuses every card with one errno, as a seat or open(2) would, and remembers the flags asked for.
nonisolated private final class RefusingOpener: DeviceOpener {
    let code: Int32
    let call: String
    var requestedFlags: [Int32] = []

    init(code: Int32, call: String = "open") {
        self.code = code
        self.call = call
    }

    func openDevice(atPath path: String, flags: Int32) throws(DeviceOpenError) -> Int32 {
        requestedFlags.append(flags)
        throw DeviceOpenError(path: path, code: code, call: call)
    }

    func closeDevice(_ descriptor: Int32) {}
}

/// However the opener failed, the card's error says what to do in the display's terms.
struct DRMDeviceTests {
    @Test func theCardIsAskedForReadWriteWithoutBlocking() {
        let opener = RefusingOpener(code: EACCES)
        _ = try? DRMDevice(path: "/dev/dri/card7", opener: opener)
        #expect(opener.requestedFlags == [O_RDWR | O_NONBLOCK])
    }

    @Test func aRefusedCardIsAPermissionProblem() {
        for code in [EACCES, EPERM] {
            #expect(throws: DRMError.permissionDenied(device: "/dev/dri/card7")) {
                _ = try DRMDevice(path: "/dev/dri/card7", opener: RefusingOpener(code: code))
            }
        }
    }

    @Test func aBusyCardNamesAnotherMaster() {
        #expect(throws: DRMError.deviceBusy(device: "/dev/dri/card0")) {
            _ = try DRMDevice(path: "/dev/dri/card0", opener: RefusingOpener(code: EBUSY))
        }
    }

    @Test func anyOtherFailureNamesTheOpenersCall() {
        let call = "open (open /dev/dri/card0: Input/output error; the seat refused it)"
        #expect(throws: DRMError.callFailed(device: "/dev/dri/card0", call: call, errno: EIO)) {
            _ = try DRMDevice(path: "/dev/dri/card0", opener: RefusingOpener(code: EIO, call: call))
        }
        let text = DRMError(opening: DeviceOpenError(path: "/dev/dri/card0", code: ENOENT)).description
        #expect(text == "open failed on /dev/dri/card0: No such file or directory (errno 2)")
    }
}

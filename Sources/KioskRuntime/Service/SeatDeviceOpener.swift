import Glibc
import KioskDRM
import KioskInput

/// Hands the DRM card of an unprivileged kiosk to the display code from the seat (seatd or
/// logind), or from `open(2)` when the seat fell back to direct access.
///
/// Nonisolated because the DRM layer calls its opener from nonisolated code; every call still
/// happens on the kiosk's one thread, which is the seat's.
nonisolated final class SeatCardOpener: KioskDRM.DeviceOpener {
    private let seat: SeatSession

    init(seat: SeatSession) {
        self.seat = seat
    }

    func openDevice(atPath path: String) throws -> Int32 {
        let seat = seat   // main-actor isolated, so Sendable; `self` is not
        do {
            return try MainActor.assumeIsolated { try seat.openDevice(atPath: path) }
        } catch let error as SeatError {
            throw DRMError.opening(path, errno: error.code, call: "open (\(error))")
        }
    }

    func closeDevice(_ descriptor: Int32) {
        let seat = seat
        MainActor.assumeIsolated { seat.closeDevice(descriptor) }
    }
}

/// libinput opens the touchscreens and keyboards of the seat through it.
extension SeatSession: KioskInput.InputDeviceOpener {
    /// The seat decides the mode (read-write, non-blocking, close-on-exec); libinput's flags ask
    /// for the same.
    public func openDevice(atPath path: String, flags: Int32) throws(InputError) -> Int32 {
        do {
            return try openDevice(atPath: path)
        } catch {
            throw .cannotOpenDevice(path: path, problem: DeviceOpenProblem(errno: error.code))
        }
    }
}

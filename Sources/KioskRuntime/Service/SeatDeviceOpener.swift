import KioskPlatform

/// Hands the devices of an unprivileged kiosk to the display and input code from the seat (seatd
/// or logind), or from `open(2)` when the seat fell back to direct access: the DRM card, and the
/// touchscreens and keyboards libinput asks for.
///
/// Nonisolated because the DRM layer calls its opener from nonisolated code; every call still
/// happens on the kiosk's one thread, which is the seat's.
nonisolated final class SeatDeviceOpener: DeviceOpener {
    private let seat: SeatSession

    init(seat: SeatSession) {
        self.seat = seat
    }

    /// The seat decides the mode (read-write, non-blocking, close-on-exec); the display and
    /// libinput ask for the same.
    func openDevice(atPath path: String, flags: Int32) throws(DeviceOpenError) -> Int32 {
        let seat = seat   // main-actor isolated, so Sendable; `self` is not
        let opened = MainActor.assumeIsolated { Result { () throws(SeatError) in try seat.openDevice(atPath: path) } }
        switch opened {
        case .success(let descriptor):
            return descriptor
        case .failure(let error):
            throw DeviceOpenError(path: path, code: error.code, call: "open (\(error))")
        }
    }

    func closeDevice(_ descriptor: Int32) {
        let seat = seat
        MainActor.assumeIsolated { seat.closeDevice(descriptor) }
    }
}

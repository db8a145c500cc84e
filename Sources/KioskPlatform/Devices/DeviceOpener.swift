import Glibc

/// Opens and closes device nodes: the DRM card for the display, the evdev nodes libinput asks for.
/// The direct opener calls open(2); a seat manager (libseat) implementation can hand out
/// descriptors for a non-root kiosk instead, without the display or input code changing.
///
/// Nonisolated because the display code opens and closes its card from nonisolated code.
nonisolated public protocol DeviceOpener: AnyObject {
    /// Opens the device node and returns its descriptor. `flags` are open(2) flags (the display and
    /// libinput ask for O_RDWR | O_NONBLOCK); close-on-exec is always added. An opener whose
    /// mechanism decides the mode itself (a seat) may ignore them.
    func openDevice(atPath path: String, flags: Int32) throws(DeviceOpenError) -> Int32
    /// Gives the descriptor back (closing it, or returning it to the seat).
    func closeDevice(_ descriptor: Int32)
}

/// Opens device nodes with open(2): needs root or membership of the node's group (`video` for a
/// card, `input` for an evdev node).
nonisolated public final class DirectDeviceOpener: DeviceOpener {
    public init() {}

    public func openDevice(atPath path: String, flags: Int32) throws(DeviceOpenError) -> Int32 {
        let descriptor = open(path, flags | O_CLOEXEC)
        guard descriptor >= 0 else { throw DeviceOpenError(path: path, code: errno) }
        return descriptor
    }

    public func closeDevice(_ descriptor: Int32) {
        close(descriptor)
    }
}

import Glibc

/// Opens and closes device nodes. The direct opener calls open(2); a seat manager (libseat)
/// implementation can hand out descriptors for a non-root kiosk instead, without the DRM code changing.
nonisolated public protocol DeviceOpener: AnyObject {
    /// Opens the device node read-write and returns its descriptor, or throws a `DRMError`.
    func openDevice(atPath path: String) throws -> Int32
    /// Gives the descriptor back (closing it, or returning it to the seat).
    func closeDevice(_ descriptor: Int32)
}

/// Opens device nodes with open(2): needs root or membership of the node's group (`video`).
nonisolated public final class DirectDeviceOpener: DeviceOpener {
    public init() {}

    public func openDevice(atPath path: String) throws -> Int32 {
        let descriptor = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw DRMError.opening(path, errno: errno) }
        return descriptor
    }

    public func closeDevice(_ descriptor: Int32) {
        close(descriptor)
    }
}

extension DRMError {
    /// Why a card could not be opened, by errno, in the terms every opener reports: no permission,
    /// busy, or the call that failed (`call` says which mechanism, e.g. the seat's).
    public static func opening(_ path: String, errno code: Int32, call: String = "open") -> DRMError {
        switch code {
        case EACCES, EPERM: .permissionDenied(device: path)
        case EBUSY: .deviceBusy(device: path)
        default: .callFailed(device: path, call: call, errno: code)
        }
    }
}

import Glibc

/// Why a device node could not be opened, in words a caller can act on.
nonisolated public enum DeviceOpenProblem: Equatable, Sendable, CustomStringConvertible {
    case permissionDenied
    case noSuchDevice
    case busy
    case other(String)

    public init(errno code: Int32) {
        switch code {
        case EACCES, EPERM: self = .permissionDenied
        case ENOENT, ENODEV, ENXIO: self = .noSuchDevice
        case EBUSY: self = .busy
        default: self = .other(String(cString: strerror(code)))
        }
    }

    /// The negative errno libinput expects back from its open callback.
    var negativeErrno: Int32 {
        switch self {
        case .permissionDenied: -EACCES
        case .noSuchDevice: -ENODEV
        case .busy: -EBUSY
        case .other: -EIO
        }
    }

    public var description: String {
        switch self {
        case .permissionDenied: "permission denied"
        case .noSuchDevice: "no such device (it was unplugged)"
        case .busy: "device busy (another program grabbed it)"
        case .other(let message): message
        }
    }
}

import Glibc

/// Opens the device nodes libinput asks for. The default opens them directly, which needs root or
/// the `input` group; a seat manager (libseat) can take over by providing its own opener.
public protocol InputDeviceOpener: AnyObject {
    /// Returns an open file descriptor for the device node at `path`. `flags` are open(2) flags
    /// (libinput asks for O_RDWR | O_NONBLOCK | O_CLOEXEC); an opener may ignore them if its
    /// mechanism decides the mode itself. Throws `InputError.cannotOpenDevice` on failure.
    func openDevice(atPath path: String, flags: Int32) throws(InputError) -> Int32
    /// Gives back a descriptor this opener returned.
    func closeDevice(_ fileDescriptor: Int32)
}

/// Opens device nodes with open(2).
public final class DirectDeviceOpener: InputDeviceOpener {
    public init() {}

    public func openDevice(atPath path: String, flags: Int32) throws(InputError) -> Int32 {
        let fd = Glibc.open(path, flags | O_CLOEXEC)
        guard fd >= 0 else {
            throw InputError.cannotOpenDevice(path: path, problem: DeviceOpenProblem(errno: errno))
        }
        return fd
    }

    public func closeDevice(_ fileDescriptor: Int32) {
        Glibc.close(fileDescriptor)
    }
}

import CInput
import CUdev
import Glibc
import KioskPlatform

/// Owns the udev and libinput contexts of one seat. Device nodes are opened through the
/// platform's `DeviceOpener`, so a seat manager can hand out descriptors instead of open(2).
final class LibinputSeat {
    let handle: OpaquePointer
    private let udev: OpaquePointer
    private let interface: UnsafeMutablePointer<libinput_interface>
    private let bridge: Unmanaged<OpenerBridge>
    let seatName: String

    /// The devices udev assigns to `seatName`, hotplugged as they come; or, when `devicePaths` is
    /// not empty, those event nodes alone (libinput's path backend: nothing else is opened, nothing
    /// comes later), for a tool that must hear one touchscreen only.
    init(seatName: String, devicePaths: [String] = [], opener: any DeviceOpener) throws(InputError) {
        guard let udev = udev_new() else { throw .udevUnavailable }
        let bridge = Unmanaged.passRetained(OpenerBridge(opener: opener))
        let interface = Self.makeInterface()
        let context = devicePaths.isEmpty ? libinput_udev_create_context(interface, bridge.toOpaque(), udev)
                                          : libinput_path_create_context(interface, bridge.toOpaque())
        guard let handle = context else {
            interface.deallocate()
            bridge.release()
            udev_unref(udev)
            throw .udevUnavailable
        }
        self.udev = udev
        self.interface = interface
        self.bridge = bridge
        self.handle = handle
        self.seatName = seatName
        if devicePaths.isEmpty {
            guard libinput_udev_assign_seat(handle, seatName) == 0 else { throw .seatUnavailable(seat: seatName) }
        } else {
            for path in devicePaths where libinput_path_add_device(handle, path) == nil {
                let problem = bridge.takeUnretainedValue().failures.last { $0.path == path }?.problem
                throw .deviceUnusable(path: path, reason: problem.map { "\($0)" } ?? "libinput does not take it as an input device")
            }
        }
        let failures = bridge.takeUnretainedValue().failures
        if !failures.isEmpty, bridge.takeUnretainedValue().openCount == 0,
           failures.allSatisfy({ $0.problem == .permissionDenied }) {
            throw .permissionDenied(paths: failures.map(\.path), seat: seatName)
        }
    }

    /// libinput keeps this pointer for its lifetime, so it lives on the heap beside it.
    private static func makeInterface() -> UnsafeMutablePointer<libinput_interface> {
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, userData in
                guard let path, let userData else { return -EINVAL }
                let bridge = Unmanaged<OpenerBridge>.fromOpaque(userData).takeUnretainedValue()
                return MainActor.assumeIsolated { bridge.open(path: String(cString: path), flags: flags) }
            },
            close_restricted: { fd, userData in
                guard let userData else { return }
                let bridge = Unmanaged<OpenerBridge>.fromOpaque(userData).takeUnretainedValue()
                MainActor.assumeIsolated { bridge.close(fd) }
            }))
        return interface
    }

    isolated deinit {
        // libinput closes its devices (through the bridge) while being destroyed, so it goes first.
        libinput_unref(handle)
        udev_unref(udev)
        interface.deinitialize(count: 1)
        interface.deallocate()
        bridge.release()
    }

    var fileDescriptor: Int32 { libinput_get_fd(handle) }

    /// Devices that could not be opened since the seat started (path and reason).
    var openFailures: [(path: String, problem: DeviceOpenProblem)] { bridge.takeUnretainedValue().failures }

    /// Reads the kernel events and queues them; returns false if libinput reported an error.
    @discardableResult
    func dispatch() -> Bool { libinput_dispatch(handle) == 0 }

    /// The next queued event, owned by the caller.
    func nextEvent() -> LibinputEvent? {
        libinput_get_event(handle).map(LibinputEvent.init)
    }

    /// Releases every device (on VT switch away) and reopens them (on return).
    func suspend() { libinput_suspend(handle) }
    func resume() -> Bool { libinput_resume(handle) == 0 }
}

/// Carries the opener across the C callbacks and remembers what failed, so the seat can explain
/// an empty device list.
private final class OpenerBridge {
    let opener: any DeviceOpener
    var failures: [(path: String, problem: DeviceOpenProblem)] = []
    var openCount = 0

    init(opener: any DeviceOpener) { self.opener = opener }

    func open(path: String, flags: Int32) -> Int32 {
        do throws(DeviceOpenError) {
            let fd = try opener.openDevice(atPath: path, flags: flags)
            openCount += 1
            return fd
        } catch {
            let problem = DeviceOpenProblem(errno: error.code)
            // Only the latest few matter for the message; a flapping device must not grow this forever.
            if failures.count >= 16 { failures.removeFirst() }
            failures.append((path, problem))
            return problem.negativeErrno
        }
    }

    func close(_ fd: Int32) { opener.closeDevice(fd) }
}

import CUdev
import Glibc

/// A change the kernel reported on a DRM device: a display plugged or unplugged (HOTPLUG=1), or any
/// other "change" uevent (a mode list update, a lease).
public struct DisplayHotplugEvent: Equatable, Sendable, CustomStringConvertible {
    /// "change", "add", "remove"
    public let action: String
    /// "/dev/dri/card0"
    public let devicePath: String
    /// The kernel marked it as a connector hotplug.
    public let isHotplug: Bool
    /// The connector object id, when the kernel names one (newer kernels do).
    public let connectorID: UInt32?

    public var description: String {
        "drm \(action) \(devicePath)" + (isHotplug ? " hotplug" : "") + (connectorID.map { " connector \($0)" } ?? "")
    }
}

/// Watches udev for DRM events. Put `fileDescriptor` in the loop's epoll set; when it is readable,
/// `pendingEvents()` returns what arrived, and the display decides with `DRMDisplay.reprobe()`.
public final class DisplayHotplugMonitor {
    private let udev: Udev
    private let monitor: OpaquePointer

    public init() throws {
        udev = try Udev()
        guard let monitor = udev_monitor_new_from_netlink(udev.context, "udev") else {
            throw DRMError.callFailed(device: "udev monitor", call: "udev_monitor_new_from_netlink", errno: errno)
        }
        // Every property is set from here on: a throw below runs deinit, which unrefs the monitor.
        self.monitor = monitor
        let filtered = udev_monitor_filter_add_match_subsystem_devtype(monitor, "drm", "drm_minor")
        guard filtered >= 0 else {
            throw DRMError.callFailed(device: "udev monitor", call: "udev_monitor_filter_add_match_subsystem_devtype",
                                      errno: -filtered)
        }
        let enabled = udev_monitor_enable_receiving(monitor)
        guard enabled >= 0 else {
            throw DRMError.callFailed(device: "udev monitor", call: "udev_monitor_enable_receiving", errno: -enabled)
        }
        // The loop polls this descriptor; reads must never block it.
        let descriptor = udev_monitor_get_fd(monitor)
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
            let code = errno
            throw DRMError.callFailed(device: "udev monitor", call: "fcntl(O_NONBLOCK)", errno: code)
        }
    }

    deinit {
        MainActor.assumeIsolated { _ = udev_monitor_unref(monitor) }
    }

    public var fileDescriptor: Int32 { udev_monitor_get_fd(monitor) }

    /// Everything received since the last call (never blocks).
    public func pendingEvents() -> [DisplayHotplugEvent] {
        var events: [DisplayHotplugEvent] = []
        while let device = udev_monitor_receive_device(monitor) {
            let snapshot = UdevDeviceSnapshot(device)
            udev_device_unref(device)
            // Only cards scan out; render nodes (renderD128) share the subsystem.
            guard CardDiscovery.isCardName(snapshot.sysname), let node = snapshot.devnode else { continue }
            events.append(DisplayHotplugEvent(action: snapshot.action ?? "change", devicePath: node,
                                              isHotplug: snapshot.properties["HOTPLUG"] == "1",
                                              connectorID: snapshot.properties["CONNECTOR"].flatMap { UInt32($0) }))
        }
        return events
    }
}

import CUdev
import Glibc

/// Owns a libudev context.
nonisolated final class Udev {
    let context: OpaquePointer

    init() throws {
        guard let context = udev_new() else {
            throw DRMError.callFailed(device: "udev", call: "udev_new", errno: ENOMEM)
        }
        self.context = context
    }

    deinit {
        udev_unref(context)
    }

    /// Every device of a subsystem, as (sysname, devnode, sysattr reader) snapshots. A failed scan
    /// throws: an empty list would read as "there is no card".
    func devices(inSubsystem subsystem: String) throws -> [UdevDeviceSnapshot] {
        guard let enumerator = udev_enumerate_new(context) else {
            throw DRMError.callFailed(device: "udev", call: "udev_enumerate_new", errno: ENOMEM)
        }
        defer { udev_enumerate_unref(enumerator) }
        // libudev returns a negative errno.
        let matched = udev_enumerate_add_match_subsystem(enumerator, subsystem)
        guard matched >= 0 else {
            throw DRMError.callFailed(device: "udev", call: "udev_enumerate_add_match_subsystem", errno: -matched)
        }
        let scanned = udev_enumerate_scan_devices(enumerator)
        guard scanned >= 0 else {
            throw DRMError.callFailed(device: "udev", call: "udev_enumerate_scan_devices(\(subsystem))", errno: -scanned)
        }
        var snapshots: [UdevDeviceSnapshot] = []
        var entry = udev_enumerate_get_list_entry(enumerator)
        while let current = entry {
            if let syspath = udev_list_entry_get_name(current),
               let device = udev_device_new_from_syspath(context, syspath) {
                snapshots.append(UdevDeviceSnapshot(device))
                udev_device_unref(device)
            }
            entry = udev_list_entry_get_next(current)
        }
        return snapshots
    }
}

/// The parts of a udev device KioskDRM reads, copied out so no libudev handle outlives the call.
nonisolated struct UdevDeviceSnapshot {
    let sysname: String
    let devnode: String?
    let action: String?
    let status: String?
    let properties: [String: String]

    init(_ device: OpaquePointer) {
        func string(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
        sysname = string(udev_device_get_sysname(device)) ?? ""
        devnode = string(udev_device_get_devnode(device))
        action = string(udev_device_get_action(device))
        status = string(udev_device_get_sysattr_value(device, "status"))
        var properties: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(device)
        while let current = entry {
            if let name = string(udev_list_entry_get_name(current)) {
                properties[name] = string(udev_list_entry_get_value(current)) ?? ""
            }
            entry = udev_list_entry_get_next(current)
        }
        self.properties = properties
    }
}

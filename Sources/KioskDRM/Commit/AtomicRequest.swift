import CDRM
import Glibc

/// One atomic commit being assembled; owns libdrm's request and frees it on deinit.
nonisolated final class AtomicRequest {
    private let request: OpaquePointer
    private let device: DRMDevice

    init(device: DRMDevice) throws {
        guard let request = drmModeAtomicAlloc() else { throw device.failure("drmModeAtomicAlloc", errno: ENOMEM) }
        self.request = request
        self.device = device
    }

    deinit {
        drmModeAtomicFree(request)
    }

    func set(_ objectID: UInt32, _ propertyID: UInt32?, _ value: UInt64, name: String) throws {
        guard let propertyID else {
            throw DRMError.callFailed(device: device.path, call: "atomic property \(name) (missing on object \(objectID))",
                                      errno: ENOENT)
        }
        guard drmModeAtomicAddProperty(request, objectID, propertyID, value) >= 0 else {
            throw device.failure("drmModeAtomicAddProperty(\(name))")
        }
    }

    /// Submits; `userData` comes back in the page-flip event.
    func commit(flags: UInt32, userData: UnsafeMutableRawPointer?) throws {
        guard drmModeAtomicCommit(device.descriptor, request, flags, userData) == 0 else {
            throw device.failure("drmModeAtomicCommit")
        }
    }
}

/// A kernel property blob (a mode, damage rectangles); destroyed on deinit. The kernel keeps its own
/// reference for as long as a committed state uses it, so dropping ours after the commit is safe.
nonisolated final class PropertyBlob {
    let id: UInt32
    private let device: DRMDevice

    init(device: DRMDevice, bytes: UnsafeRawBufferPointer) throws {
        var id: UInt32 = 0
        let result = drmModeCreatePropertyBlob(device.descriptor, bytes.baseAddress, bytes.count, &id)
        guard result == 0 else { throw device.failure("drmModeCreatePropertyBlob", errno: -result) }
        self.id = id
        self.device = device
    }

    deinit {
        drmModeDestroyPropertyBlob(device.descriptor, id)
    }
}

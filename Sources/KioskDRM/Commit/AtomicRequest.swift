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

    /// Adds one property value. Ids come resolved (`PlaneProperties`…), so a missing property has
    /// already failed when the presenter was made.
    func set(_ objectID: UInt32, _ propertyID: UInt32, _ value: UInt64) throws {
        // libdrm returns the error (-ENOMEM, -EINVAL) instead of setting errno here.
        let result = drmModeAtomicAddProperty(request, objectID, propertyID, value)
        guard result >= 0 else {
            throw device.failure("drmModeAtomicAddProperty(object \(objectID), property \(propertyID))", errno: -result)
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
        // Only fails for an id that is not ours; closing the card frees every blob anyway.
        _ = drmModeDestroyPropertyBlob(device.descriptor, id)
    }
}

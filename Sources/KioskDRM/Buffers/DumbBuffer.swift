import CDRM
import Glibc

/// One CPU-mapped XRGB8888 scanout buffer with its framebuffer object. Owns the GEM handle,
/// the framebuffer id and the mapping; releases all three on deinit.
nonisolated final class DumbBuffer {
    let framebufferID: UInt32
    let width: Int
    let height: Int
    let stride: Int
    private let device: DRMDevice
    private let handle: UInt32
    private let mapping: UnsafeMutableRawPointer
    private let mappedSize: Int

    init(device: DRMDevice, width: Int, height: Int) throws {
        self.device = device
        self.width = width
        self.height = height
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        let created = kiosk_drm_create_dumb(device.descriptor, UInt32(width), UInt32(height), 32, &handle, &pitch, &size)
        guard created == 0 else { throw device.failure("DRM_IOCTL_MODE_CREATE_DUMB", errno: -created) }

        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        var framebuffer: UInt32 = 0
        let added = withUnsafeMutablePointer(to: &handles) { handlesPointer in
            withUnsafeMutablePointer(to: &pitches) { pitchesPointer in
                withUnsafeMutablePointer(to: &offsets) { offsetsPointer in
                    drmModeAddFB2(device.descriptor, UInt32(width), UInt32(height), kiosk_drm_format_xrgb8888,
                                  UnsafeRawPointer(handlesPointer).assumingMemoryBound(to: UInt32.self),
                                  UnsafeRawPointer(pitchesPointer).assumingMemoryBound(to: UInt32.self),
                                  UnsafeRawPointer(offsetsPointer).assumingMemoryBound(to: UInt32.self),
                                  &framebuffer, 0)
                }
            }
        }
        guard added == 0 else {
            let code = errno
            _ = kiosk_drm_destroy_dumb(device.descriptor, handle)
            throw device.failure("drmModeAddFB2", errno: code)
        }

        var offset: UInt64 = 0
        let mapped = kiosk_drm_map_dumb(device.descriptor, handle, &offset)
        let address = mapped == 0
            ? mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, device.descriptor, off_t(offset)) : MAP_FAILED
        guard let address, address != MAP_FAILED else {
            let code = mapped != 0 ? -mapped : errno
            _ = drmModeRmFB(device.descriptor, framebuffer)   // cleanup; the mapping error is the one to report
            _ = kiosk_drm_destroy_dumb(device.descriptor, handle)
            throw device.failure("mapping a dumb buffer", errno: code)
        }
        self.handle = handle
        self.framebufferID = framebuffer
        self.stride = Int(pitch)
        self.mapping = address
        self.mappedSize = Int(size)
    }

    deinit {
        // Nothing to do if these fail: closing the card frees the framebuffer and the buffer anyway.
        munmap(mapping, mappedSize)
        _ = drmModeRmFB(device.descriptor, framebufferID)
        _ = kiosk_drm_destroy_dumb(device.descriptor, handle)
    }

    /// Where the CPU writes pixels; valid while this buffer lives.
    var pixels: UnsafeMutableRawPointer { mapping }
}

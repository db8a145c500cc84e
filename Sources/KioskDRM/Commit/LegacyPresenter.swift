import CDRM
import KioskGraphics

/// For drivers without atomic mode setting: drmModeSetCrtc for the mode, drmModePageFlip after.
final class LegacyPresenter: ScanoutPresenter {
    private let device: DRMDevice
    private let pipeline: OutputPipeline

    init(device: DRMDevice, pipeline: OutputPipeline) {
        self.device = device
        self.pipeline = pipeline
    }

    var sendsDamage: Bool { false }

    func show(framebuffer: UInt32, size: (width: Int, height: Int), mode: KernelMode, damage: Region, modeset: Bool,
              userData: UnsafeMutableRawPointer?) throws {
        if modeset {
            var connector = pipeline.connector.id
            var info = mode.info
            // SetCrtc is synchronous and sends no event; the flip to the same buffer below provides
            // one, so completion reaches the caller the same way as for every other frame.
            guard drmModeSetCrtc(device.descriptor, pipeline.crtcID, framebuffer, 0, 0, &connector, 1, &info) == 0 else {
                throw device.failure("drmModeSetCrtc")
            }
        }
        guard drmModePageFlip(device.descriptor, pipeline.crtcID, framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), userData) == 0
        else { throw device.failure("drmModePageFlip") }
    }
}

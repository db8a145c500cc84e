import CDRM
import KioskGraphics

/// For drivers without atomic mode setting: drmModeSetCrtc for the mode, drmModePageFlip after.
final class LegacyPresenter: ScanoutPresenter {
    private let device: DRMDevice
    private let pipeline: OutputPipeline
    /// The connector's DPMS property, when it has one (every connector of a KMS driver does).
    private let dpmsProperty: UInt32?
    private var isPoweredOff = false

    init(device: DRMDevice, pipeline: OutputPipeline) throws {
        self.device = device
        self.pipeline = pipeline
        dpmsProperty = try ObjectProperties(device: device, objectID: pipeline.connector.id,
                                            type: UInt32(DRM_MODE_OBJECT_CONNECTOR)).id(of: "DPMS")
    }

    var sendsDamage: Bool { false }

    /// The legacy API has no test commit: SetCrtc either shows the mode or fails, at the first frame.
    func testModeset(framebuffer: UInt32, size: (width: Int, height: Int), mode: KernelMode) {}

    func show(framebuffer: UInt32, size: (width: Int, height: Int), mode: KernelMode, damage: Region, modeset: Bool,
              userData: UnsafeMutableRawPointer?) throws {
        if modeset {
            if isPoweredOff {
                try setDPMS(UInt64(DRM_MODE_DPMS_ON))
                isPoweredOff = false
            }
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

    func powerOff() throws {
        try setDPMS(UInt64(DRM_MODE_DPMS_OFF))
        isPoweredOff = true
    }

    private func setDPMS(_ value: UInt64) throws {
        guard let dpmsProperty else {
            throw DRMError.callFailed(device: device.path, call: "DPMS (the connector has no DPMS property)", errno: ENOTSUP)
        }
        guard drmModeConnectorSetProperty(device.descriptor, pipeline.connector.id, dpmsProperty, value) == 0 else {
            throw device.failure("drmModeConnectorSetProperty(DPMS)")
        }
    }
}

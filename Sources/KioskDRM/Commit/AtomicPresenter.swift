import CDRM
import KioskGraphics

/// Atomic commits: non-blocking, with a page-flip event, the first one allowed to modeset.
final class AtomicPresenter: ScanoutPresenter {
    private let device: DRMDevice
    private let pipeline: OutputPipeline
    private let connectorProperties: ObjectProperties
    private let crtcProperties: ObjectProperties
    private let planeProperties: ObjectProperties
    /// The mode blob of the last modeset; kept until the next one replaces it.
    private var modeBlob: PropertyBlob?

    init(device: DRMDevice, pipeline: OutputPipeline) throws {
        self.device = device
        self.pipeline = pipeline
        connectorProperties = try ObjectProperties(device: device, objectID: pipeline.connector.id,
                                                   type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
        crtcProperties = try ObjectProperties(device: device, objectID: pipeline.crtcID, type: UInt32(DRM_MODE_OBJECT_CRTC))
        planeProperties = try ObjectProperties(device: device, objectID: pipeline.planeID, type: UInt32(DRM_MODE_OBJECT_PLANE))
    }

    var sendsDamage: Bool { planeProperties.id(of: "FB_DAMAGE_CLIPS") != nil }

    func show(framebuffer: UInt32, size: (width: Int, height: Int), mode: KernelMode, damage: Region, modeset: Bool,
              userData: UnsafeMutableRawPointer?) throws {
        let request = try AtomicRequest(device: device)
        let plane = pipeline.planeID
        var flags = UInt32(DRM_MODE_PAGE_FLIP_EVENT) | UInt32(DRM_MODE_ATOMIC_NONBLOCK)
        var newModeBlob: PropertyBlob?
        if modeset {
            flags |= UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET)
            var info = mode.info
            let blob = try withUnsafeBytes(of: &info) { try PropertyBlob(device: device, bytes: $0) }
            newModeBlob = blob
            let crtc = pipeline.crtcID
            try request.set(pipeline.connector.id, connectorProperties.id(of: "CRTC_ID"), UInt64(crtc), name: "CRTC_ID")
            try request.set(crtc, crtcProperties.id(of: "MODE_ID"), UInt64(blob.id), name: "MODE_ID")
            try request.set(crtc, crtcProperties.id(of: "ACTIVE"), 1, name: "ACTIVE")
            try request.set(plane, planeProperties.id(of: "CRTC_ID"), UInt64(crtc), name: "CRTC_ID")
            // Source coordinates are 16.16 fixed point; the buffer fills the mode one to one.
            let width = UInt64(size.width), height = UInt64(size.height)
            for (name, value) in [("SRC_X", 0), ("SRC_Y", 0), ("SRC_W", width << 16), ("SRC_H", height << 16),
                                  ("CRTC_X", 0), ("CRTC_Y", 0), ("CRTC_W", width), ("CRTC_H", height)] as [(String, UInt64)] {
                try request.set(plane, planeProperties.id(of: name), value, name: name)
            }
        }
        try request.set(plane, planeProperties.id(of: "FB_ID"), UInt64(framebuffer), name: "FB_ID")

        var damageBlob: PropertyBlob?
        if let damageProperty = planeProperties.id(of: "FB_DAMAGE_CLIPS"), !modeset, !damage.isEmpty {
            var clips: [drm_mode_rect] = []
            damage.forEachRect { rect in
                clips.append(drm_mode_rect(x1: Int32(rect.x), y1: Int32(rect.y), x2: Int32(rect.maxX), y2: Int32(rect.maxY)))
            }
            let blob = try clips.withUnsafeBytes { try PropertyBlob(device: device, bytes: $0) }
            damageBlob = blob
            try request.set(plane, damageProperty, UInt64(blob.id), name: "FB_DAMAGE_CLIPS")
        }
        try request.commit(flags: flags, userData: userData)
        _ = damageBlob   // the committed state holds its own reference now
        if let newModeBlob { modeBlob = newModeBlob }
    }

    /// ACTIVE=0 keeps the mode and the plane's state, so the next modeset only turns it back on.
    func powerOff() throws {
        let request = try AtomicRequest(device: device)
        try request.set(pipeline.crtcID, crtcProperties.id(of: "ACTIVE"), 0, name: "ACTIVE")
        try request.commit(flags: UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), userData: nil)
    }
}

import CDRM
import KioskGraphics

/// Atomic commits: non-blocking, with a page-flip event, the first one allowed to modeset.
final class AtomicPresenter: ScanoutPresenter {
    private let device: DRMDevice
    private let pipeline: OutputPipeline
    private let connectorProperties: ConnectorProperties
    private let crtcProperties: CRTCProperties
    private let planeProperties: PlaneProperties
    /// The mode blob of the last modeset; kept until the next one replaces it.
    private var modeBlob: PropertyBlob?

    /// Resolves every property id a commit sets, so a driver lacking one fails here, at start.
    init(device: DRMDevice, pipeline: OutputPipeline) throws {
        self.device = device
        self.pipeline = pipeline
        connectorProperties = try ConnectorProperties(
            ObjectProperties(device: device, objectID: pipeline.connector.id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
                .ids(object: "connector \(pipeline.connector.name) (id \(pipeline.connector.id))"))
        crtcProperties = try CRTCProperties(
            ObjectProperties(device: device, objectID: pipeline.crtcID, type: UInt32(DRM_MODE_OBJECT_CRTC))
                .ids(object: "CRTC \(pipeline.crtcID)"))
        planeProperties = try PlaneProperties(
            ObjectProperties(device: device, objectID: pipeline.planeID, type: UInt32(DRM_MODE_OBJECT_PLANE))
                .ids(object: "plane \(pipeline.planeID)"))
    }

    var sendsDamage: Bool { planeProperties.fbDamageClips != nil }

    /// The first modeset as a TEST_ONLY commit: the driver checks the whole configuration (mode,
    /// CRTC, plane, buffer size) and changes nothing. A refusal here is a start-up error that names
    /// the mode, instead of a first frame that fails.
    func testModeset(framebuffer: UInt32, size: (width: Int, height: Int), mode: KernelMode) throws {
        let request = try AtomicRequest(device: device)
        let blob = try makeModeBlob(mode)
        try addModeset(to: request, modeBlob: blob, size: size)
        try request.set(pipeline.planeID, planeProperties.fbID, UInt64(framebuffer))
        // No page-flip event (the kernel refuses one on a test) and no NONBLOCK: nothing is queued.
        let flags = UInt32(DRM_MODE_ATOMIC_TEST_ONLY) | UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET)
        do {
            try withExtendedLifetime(blob) { try request.commit(flags: flags, userData: nil) }
        } catch DRMError.callFailed(_, _, let code) {
            throw DRMError.modesetRefused(device: device.path, connector: pipeline.connector.name,
                                          mode: mode.mode.description, call: "drmModeAtomicCommit(TEST_ONLY)", errno: code)
        }
    }

    func show(framebuffer: UInt32, size: (width: Int, height: Int), mode: KernelMode, damage: Region, modeset: Bool,
              userData: UnsafeMutableRawPointer?) throws {
        let request = try AtomicRequest(device: device)
        let plane = pipeline.planeID
        var flags = UInt32(DRM_MODE_PAGE_FLIP_EVENT) | UInt32(DRM_MODE_ATOMIC_NONBLOCK)
        var newModeBlob: PropertyBlob?
        if modeset {
            flags |= UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET)
            let blob = try makeModeBlob(mode)
            newModeBlob = blob
            try addModeset(to: request, modeBlob: blob, size: size)
        }
        try request.set(plane, planeProperties.fbID, UInt64(framebuffer))

        var damageBlob: PropertyBlob?
        if let damageProperty = planeProperties.fbDamageClips, !modeset, !damage.isEmpty {
            var clips: [drm_mode_rect] = []
            damage.forEachRect { rect in
                clips.append(drm_mode_rect(x1: Int32(rect.x), y1: Int32(rect.y), x2: Int32(rect.maxX), y2: Int32(rect.maxY)))
            }
            let blob = try clips.withUnsafeBytes { try PropertyBlob(device: device, bytes: $0) }
            damageBlob = blob
            try request.set(plane, damageProperty, UInt64(blob.id))
        }
        // The request holds only the blobs' ids: both must exist until the kernel has taken its own
        // reference in the commit, and Swift may otherwise release them after their last use above.
        try withExtendedLifetime((damageBlob, newModeBlob)) {
            try request.commit(flags: flags, userData: userData)
        }
        if let newModeBlob { modeBlob = newModeBlob }
    }

    /// ACTIVE=0 keeps the mode and the plane's state, so the next modeset only turns it back on.
    func powerOff() throws {
        let request = try AtomicRequest(device: device)
        try request.set(pipeline.crtcID, crtcProperties.active, 0)
        try request.commit(flags: UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), userData: nil)
    }

    private func makeModeBlob(_ mode: KernelMode) throws -> PropertyBlob {
        var info = mode.info
        return try withUnsafeBytes(of: &info) { try PropertyBlob(device: device, bytes: $0) }
    }

    /// Routes connector → CRTC → plane, with the buffer filling the mode one to one.
    private func addModeset(to request: AtomicRequest, modeBlob: PropertyBlob, size: (width: Int, height: Int)) throws {
        let crtc = pipeline.crtcID, plane = pipeline.planeID
        try request.set(pipeline.connector.id, connectorProperties.crtcID, UInt64(crtc))
        try request.set(crtc, crtcProperties.modeID, UInt64(modeBlob.id))
        try request.set(crtc, crtcProperties.active, 1)
        try request.set(plane, planeProperties.crtcID, UInt64(crtc))
        // Source coordinates are 16.16 fixed point; destination ones are whole pixels.
        let width = UInt64(size.width), height = UInt64(size.height)
        try request.set(plane, planeProperties.srcX, 0)
        try request.set(plane, planeProperties.srcY, 0)
        try request.set(plane, planeProperties.srcW, width << 16)
        try request.set(plane, planeProperties.srcH, height << 16)
        try request.set(plane, planeProperties.crtcX, 0)
        try request.set(plane, planeProperties.crtcY, 0)
        try request.set(plane, planeProperties.crtcW, width)
        try request.set(plane, planeProperties.crtcH, height)
    }
}

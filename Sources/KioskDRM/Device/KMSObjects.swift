import CDRM

/// What the kernel says about one connector, copied out of libdrm's structures.
nonisolated struct ConnectorState {
    let id: UInt32
    /// The name the kernel uses in sysfs and logs: "HDMI-A-1", "Virtual-1".
    let name: String
    let isConnected: Bool
    let modes: [KernelMode]
    /// CRTCs that some encoder of this connector can feed, in the card's CRTC order.
    let possibleCRTCs: [UInt32]
    /// The CRTC currently driving it, if any (what the console or the previous master left).
    let currentCRTC: UInt32?
}

/// A CRTC as found at start-up: kept so it can be put back on exit.
nonisolated struct SavedCRTC {
    let id: UInt32
    let framebuffer: UInt32
    let x: UInt32
    let y: UInt32
    let mode: drmModeModeInfo?
}

/// Read-only queries of the card's mode-setting objects. Every libdrm allocation is freed before
/// returning; callers get Swift values.
nonisolated extension DRMDevice {
    func crtcIDs() throws -> [UInt32] {
        guard let resources = drmModeGetResources(descriptor) else { throw failure("drmModeGetResources") }
        defer { drmModeFreeResources(resources) }
        return (0..<Int(resources.pointee.count_crtcs)).map { resources.pointee.crtcs[$0] }
    }

    func connectors() throws -> [ConnectorState] {
        guard let resources = drmModeGetResources(descriptor) else { throw failure("drmModeGetResources") }
        defer { drmModeFreeResources(resources) }
        let crtcs = (0..<Int(resources.pointee.count_crtcs)).map { resources.pointee.crtcs[$0] }
        return (0..<Int(resources.pointee.count_connectors)).compactMap { index in
            connector(id: resources.pointee.connectors[index], crtcs: crtcs)
        }
    }

    /// Re-reads one connector (after a hotplug event: this makes the kernel probe it again).
    func connector(id: UInt32, crtcs: [UInt32]) -> ConnectorState? {
        guard let connector = drmModeGetConnector(descriptor, id) else { return nil }
        defer { drmModeFreeConnector(connector) }
        let info = connector.pointee
        let typeName = drmModeGetConnectorTypeName(info.connector_type).map { String(cString: $0) } ?? "Unknown"
        let modes = (0..<Int(info.count_modes)).map { KernelMode(info.modes[$0]) }
        var possibleMask: UInt32 = 0
        for index in 0..<Int(info.count_encoders) {
            if let encoder = drmModeGetEncoder(descriptor, info.encoders[index]) {
                possibleMask |= encoder.pointee.possible_crtcs
                drmModeFreeEncoder(encoder)
            }
        }
        var current: UInt32?
        if info.encoder_id != 0, let encoder = drmModeGetEncoder(descriptor, info.encoder_id) {
            if encoder.pointee.crtc_id != 0 { current = encoder.pointee.crtc_id }
            drmModeFreeEncoder(encoder)
        }
        return ConnectorState(
            id: id, name: "\(typeName)-\(info.connector_type_id)",
            isConnected: info.connection == DRM_MODE_CONNECTED, modes: modes,
            possibleCRTCs: crtcs.enumerated().filter { possibleMask & (1 << UInt32($0.offset)) != 0 }.map(\.element),
            currentCRTC: current)
    }

    func savedCRTC(id: UInt32) -> SavedCRTC? {
        guard let crtc = drmModeGetCrtc(descriptor, id) else { return nil }
        defer { drmModeFreeCrtc(crtc) }
        let info = crtc.pointee
        return SavedCRTC(id: id, framebuffer: info.buffer_id, x: info.x, y: info.y,
                         mode: info.mode_valid != 0 ? info.mode : nil)
    }

    /// The primary plane that can scan out XRGB8888 on the CRTC at `crtcIndex`.
    func primaryPlane(forCRTCAt crtcIndex: Int, format: UInt32) throws -> UInt32? {
        guard let planes = drmModeGetPlaneResources(descriptor) else { throw failure("drmModeGetPlaneResources") }
        defer { drmModeFreePlaneResources(planes) }
        for index in 0..<Int(planes.pointee.count_planes) {
            let planeID = planes.pointee.planes[index]
            guard let plane = drmModeGetPlane(descriptor, planeID) else { continue }
            let info = plane.pointee
            let formats = (0..<Int(info.count_formats)).map { info.formats[$0] }
            drmModeFreePlane(plane)
            guard info.possible_crtcs & (1 << UInt32(crtcIndex)) != 0, formats.contains(format) else { continue }
            let properties = try ObjectProperties(device: self, objectID: planeID, type: UInt32(DRM_MODE_OBJECT_PLANE))
            if properties.value(of: "type") == UInt64(DRM_PLANE_TYPE_PRIMARY) { return planeID }
        }
        return nil
    }
}

/// The properties of one KMS object, by name: their ids (for atomic commits) and current values.
nonisolated struct ObjectProperties {
    private var ids: [String: UInt32] = [:]
    private var values: [String: UInt64] = [:]

    init(device: DRMDevice, objectID: UInt32, type: UInt32) throws {
        guard let list = drmModeObjectGetProperties(device.descriptor, objectID, type) else {
            throw device.failure("drmModeObjectGetProperties")
        }
        defer { drmModeFreeObjectProperties(list) }
        for index in 0..<Int(list.pointee.count_props) {
            guard let property = drmModeGetProperty(device.descriptor, list.pointee.props[index]) else { continue }
            let name = withUnsafeBytes(of: property.pointee.name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            ids[name] = property.pointee.prop_id
            values[name] = list.pointee.prop_values[index]
            drmModeFreeProperty(property)
        }
    }

    func id(of name: String) -> UInt32? { ids[name] }
    func value(of name: String) -> UInt64? { values[name] }
}

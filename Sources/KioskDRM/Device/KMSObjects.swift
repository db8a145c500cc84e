import CDRM
import Glibc

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
        return try (0..<Int(resources.pointee.count_connectors)).compactMap { index in
            try connector(id: resources.pointee.connectors[index], crtcs: crtcs)
        }
    }

    /// Re-reads one connector (after a hotplug event: this makes the kernel probe it again); nil when
    /// it no longer exists (a DisplayPort MST connector goes away with its display).
    func connector(id: UInt32, crtcs: [UInt32]) throws -> ConnectorState? {
        guard let connector = drmModeGetConnector(descriptor, id) else {
            let code = errno
            if code == ENOENT { return nil }
            throw failure("drmModeGetConnector(\(id))", errno: code)
        }
        defer { drmModeFreeConnector(connector) }
        let info = connector.pointee
        let typeName = drmModeGetConnectorTypeName(info.connector_type).map { String(cString: $0) } ?? "Unknown"
        let modes = (0..<Int(info.count_modes)).map { KernelMode(info.modes[$0]) }
        var possibleMask: UInt32 = 0
        // Encoders are fixed for the card's lifetime: one that cannot be read is an error, not a
        // connector with fewer CRTCs to choose from.
        for index in 0..<Int(info.count_encoders) {
            possibleMask |= try encoder(id: info.encoders[index]).possible_crtcs
        }
        var current: UInt32?
        if info.encoder_id != 0 {
            let crtc = try encoder(id: info.encoder_id).crtc_id
            if crtc != 0 { current = crtc }
        }
        return ConnectorState(
            id: id, name: "\(typeName)-\(info.connector_type_id)",
            isConnected: info.connection == DRM_MODE_CONNECTED, modes: modes,
            possibleCRTCs: crtcs.enumerated().filter { possibleMask & (1 << UInt32($0.offset)) != 0 }.map(\.element),
            currentCRTC: current)
    }

    func savedCRTC(id: UInt32) throws -> SavedCRTC {
        guard let crtc = drmModeGetCrtc(descriptor, id) else { throw failure("drmModeGetCrtc(\(id))") }
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
            guard let plane = drmModeGetPlane(descriptor, planeID) else { throw failure("drmModeGetPlane(\(planeID))") }
            let info = plane.pointee
            let formats = (0..<Int(info.count_formats)).map { info.formats[$0] }
            drmModeFreePlane(plane)
            guard info.possible_crtcs & (1 << UInt32(crtcIndex)) != 0, formats.contains(format) else { continue }
            let properties = try ObjectProperties(device: self, objectID: planeID, type: UInt32(DRM_MODE_OBJECT_PLANE))
            if properties.value(of: "type") == UInt64(DRM_PLANE_TYPE_PRIMARY) { return planeID }
        }
        return nil
    }

    private func encoder(id: UInt32) throws -> drmModeEncoder {
        guard let encoder = drmModeGetEncoder(descriptor, id) else { throw failure("drmModeGetEncoder(\(id))") }
        defer { drmModeFreeEncoder(encoder) }
        return encoder.pointee
    }
}

/// The properties of one KMS object, by name: their ids (for atomic commits) and current values.
nonisolated struct ObjectProperties {
    private let device: String
    private var namedIDs: [(name: String, id: UInt32)] = []
    private var values: [String: UInt64] = [:]

    init(device: DRMDevice, objectID: UInt32, type: UInt32) throws {
        self.device = device.path
        guard let list = drmModeObjectGetProperties(device.descriptor, objectID, type) else {
            throw device.failure("drmModeObjectGetProperties(object \(objectID))")
        }
        defer { drmModeFreeObjectProperties(list) }
        for index in 0..<Int(list.pointee.count_props) {
            // Skipping one would later read as "the driver lacks it": say what really failed.
            let propertyID = list.pointee.props[index]
            guard let property = drmModeGetProperty(device.descriptor, propertyID) else {
                throw device.failure("drmModeGetProperty(\(propertyID)) of object \(objectID)")
            }
            let name = withUnsafeBytes(of: property.pointee.name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            namedIDs.append((name, property.pointee.prop_id))
            values[name] = list.pointee.prop_values[index]
            drmModeFreeProperty(property)
        }
    }

    func id(of name: String) -> UInt32? { namedIDs.first { $0.name == name }?.id }
    func value(of name: String) -> UInt64? { values[name] }

    /// The ids, for resolving the ones a commit sets; `object` names the object in errors ("plane 31").
    func ids(object: String) -> PropertyIDs { PropertyIDs(device: device, object: object, properties: namedIDs) }
}

/// The property ids one KMS object lists, by name, for resolving the ones an atomic commit sets.
/// Built from the kernel's (name, id) pairs, so the resolution is a pure function of them.
nonisolated struct PropertyIDs {
    /// The device and object, as errors name them: "/dev/dri/card0", "plane 31".
    let device: String
    let object: String
    private let ids: [String: UInt32]

    init(device: String, object: String, properties: [(name: String, id: UInt32)]) {
        self.device = device
        self.object = object
        ids = Dictionary(properties.map { ($0.name, $0.id) }, uniquingKeysWith: { first, _ in first })
    }

    /// The id of a property every atomic driver must list; its absence is an error naming it.
    func required(_ name: String) throws -> UInt32 {
        guard let id = ids[name] else { throw DRMError.missingProperty(device: device, object: object, property: name) }
        return id
    }

    /// The id of a property only some drivers have.
    func optional(_ name: String) -> UInt32? { ids[name] }
}

/// The primary plane's properties an atomic commit sets. Resolved once, when the presenter is made,
/// so a driver that lacks one fails at start rather than at the first frame.
nonisolated struct PlaneProperties {
    let fbID: UInt32
    let crtcID: UInt32
    /// The rectangle read from the framebuffer (16.16 fixed point)…
    let srcX: UInt32, srcY: UInt32, srcW: UInt32, srcH: UInt32
    /// …and where it lands on the CRTC (whole pixels).
    let crtcX: UInt32, crtcY: UInt32, crtcW: UInt32, crtcH: UInt32
    /// The changed rectangles of a flip; drivers without it upload or scan out the whole buffer.
    let fbDamageClips: UInt32?

    init(_ properties: PropertyIDs) throws {
        fbID = try properties.required("FB_ID")
        crtcID = try properties.required("CRTC_ID")
        srcX = try properties.required("SRC_X")
        srcY = try properties.required("SRC_Y")
        srcW = try properties.required("SRC_W")
        srcH = try properties.required("SRC_H")
        crtcX = try properties.required("CRTC_X")
        crtcY = try properties.required("CRTC_Y")
        crtcW = try properties.required("CRTC_W")
        crtcH = try properties.required("CRTC_H")
        fbDamageClips = properties.optional("FB_DAMAGE_CLIPS")
    }
}

/// The CRTC's properties an atomic commit sets.
nonisolated struct CRTCProperties {
    let modeID: UInt32
    let active: UInt32

    init(_ properties: PropertyIDs) throws {
        modeID = try properties.required("MODE_ID")
        active = try properties.required("ACTIVE")
    }
}

/// The connector's properties an atomic commit sets.
nonisolated struct ConnectorProperties {
    let crtcID: UInt32

    init(_ properties: PropertyIDs) throws {
        crtcID = try properties.required("CRTC_ID")
    }
}

import Testing
@testable import KioskDRM

/// The property ids an atomic commit sets, resolved from the (name, id) pairs a driver lists.
struct AtomicPropertiesTests {
    /// What virtio-gpu lists for its primary plane (ids as on a real card; order as the kernel gives it).
    static let virtioPlane: [(name: String, id: UInt32)] = [
        ("type", 8), ("FB_ID", 17), ("IN_FENCE_FD", 18), ("CRTC_ID", 20), ("CRTC_X", 21), ("CRTC_Y", 22),
        ("CRTC_W", 23), ("CRTC_H", 24), ("SRC_X", 25), ("SRC_Y", 26), ("SRC_W", 27), ("SRC_H", 28),
        ("FB_DAMAGE_CLIPS", 29), ("IN_FORMATS", 30),
    ]

    static func plane(_ pairs: [(name: String, id: UInt32)]) -> PropertyIDs {
        PropertyIDs(device: "/dev/dri/card0", object: "plane 31", properties: pairs)
    }

    @Test func everyPlanePropertyResolvesToItsOwnID() throws {
        let plane = try PlaneProperties(Self.plane(Self.virtioPlane))
        #expect([plane.fbID, plane.crtcID] == [17, 20])
        #expect([plane.srcX, plane.srcY, plane.srcW, plane.srcH] == [25, 26, 27, 28])
        #expect([plane.crtcX, plane.crtcY, plane.crtcW, plane.crtcH] == [21, 22, 23, 24])
        #expect(plane.fbDamageClips == 29)
    }

    @Test func aMissingRequiredPropertyIsAnErrorNamingObjectAndProperty() {
        let pairs = Self.virtioPlane.filter { $0.name != "SRC_W" }
        #expect(throws: DRMError.missingProperty(device: "/dev/dri/card0", object: "plane 31", property: "SRC_W")) {
            try PlaneProperties(Self.plane(pairs))
        }
        let text = DRMError.missingProperty(device: "/dev/dri/card0", object: "plane 31", property: "SRC_W").description
        #expect(text.hasPrefix("plane 31 on /dev/dri/card0 has no SRC_W property, which atomic mode setting needs"))
        #expect(text.contains("--legacy"))
    }

    @Test func damageClipsAreOptional() throws {
        // bochs lists no FB_DAMAGE_CLIPS: flips then carry no damage, and that is no error.
        let plane = try PlaneProperties(Self.plane(Self.virtioPlane.filter { $0.name != "FB_DAMAGE_CLIPS" }))
        #expect(plane.fbDamageClips == nil)
        #expect(plane.fbID == 17)
    }

    @Test func crtcAndConnectorPropertiesResolveOrNameTheMissingOne() throws {
        let crtc = try CRTCProperties(PropertyIDs(device: "/dev/dri/card0", object: "CRTC 35",
                                                  properties: [("ACTIVE", 12), ("MODE_ID", 13), ("OUT_FENCE_PTR", 14)]))
        #expect(crtc.active == 12 && crtc.modeID == 13)
        #expect(throws: DRMError.missingProperty(device: "/dev/dri/card0", object: "CRTC 35", property: "MODE_ID")) {
            try CRTCProperties(PropertyIDs(device: "/dev/dri/card0", object: "CRTC 35", properties: [("ACTIVE", 12)]))
        }
        let connector = try ConnectorProperties(PropertyIDs(device: "/dev/dri/card0", object: "connector Virtual-1 (id 36)",
                                                            properties: [("EDID", 1), ("DPMS", 2), ("CRTC_ID", 20)]))
        #expect(connector.crtcID == 20)
        #expect(throws: DRMError.missingProperty(device: "/dev/dri/card0", object: "connector Virtual-1 (id 36)",
                                                 property: "CRTC_ID")) {
            try ConnectorProperties(PropertyIDs(device: "/dev/dri/card0", object: "connector Virtual-1 (id 36)",
                                                properties: [("EDID", 1), ("DPMS", 2)]))
        }
    }

    @Test func namesAreMatchedExactly() {
        // Property names are ABI and case-sensitive: "crtc_id" is not "CRTC_ID".
        let ids = Self.plane([("crtc_id", 5), ("FB_ID ", 6)])
        #expect(ids.optional("CRTC_ID") == nil)
        #expect(ids.optional("FB_ID") == nil)
        #expect(ids.optional("crtc_id") == 5)
    }
}

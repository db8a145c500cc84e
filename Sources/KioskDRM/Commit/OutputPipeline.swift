import CDRM

/// The connector → CRTC → primary plane chain one display is shown through.
struct OutputPipeline {
    let connector: ConnectorState
    let crtcID: UInt32
    let planeID: UInt32

    /// Picks the CRTC already driving the connector when it can (no flicker from the console), else the
    /// first CRTC its encoders can feed that has a primary plane for XRGB8888.
    static func choose(on device: DRMDevice, for connector: ConnectorState) throws -> OutputPipeline {
        let allCRTCs = try device.crtcIDs()
        var candidates = connector.possibleCRTCs
        if let current = connector.currentCRTC, let index = candidates.firstIndex(of: current) {
            candidates.swapAt(0, index)
        }
        for crtc in candidates {
            guard let crtcIndex = allCRTCs.firstIndex(of: crtc) else { continue }
            if let plane = try device.primaryPlane(forCRTCAt: crtcIndex, format: kiosk_drm_format_xrgb8888) {
                return OutputPipeline(connector: connector, crtcID: crtc, planeID: plane)
            }
        }
        throw DRMError.noUsablePipeline(device: device.path, connector: connector.name)
    }
}

import CDRM

/// One video mode a connector offers, as KioskKit sees it.
nonisolated public struct DisplayMode: Equatable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    /// The exact refresh rate in Hz, from the pixel clock and the total line and frame lengths.
    public let refreshRate: Double
    /// The connector marks this mode as its preferred (native) one.
    public let isPreferred: Bool

    public init(width: Int, height: Int, refreshRate: Double, isPreferred: Bool = false) {
        self.width = width
        self.height = height
        self.refreshRate = refreshRate
        self.isPreferred = isPreferred
    }

    /// Seconds between two vertical blanks.
    public var refreshInterval: Double { refreshRate > 0 ? 1 / refreshRate : 1.0 / 60 }

    /// The refresh rate rounded the way mode lists show it (59.95 → 60).
    public var nominalRefreshRate: Int { Int(refreshRate.rounded()) }

    /// "1280x800@60", the form `DisplayModeRequest` parses.
    public var description: String { "\(width)x\(height)@\(nominalRefreshRate)" }
}

/// A `DisplayMode` together with the kernel's timing record it came from (needed to set it).
nonisolated struct KernelMode {
    let info: drmModeModeInfo
    let mode: DisplayMode

    init(_ info: drmModeModeInfo) {
        self.info = info
        mode = DisplayMode(width: Int(info.hdisplay), height: Int(info.vdisplay),
                           refreshRate: Self.refreshRate(of: info),
                           isPreferred: info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0)
    }

    /// vrefresh is rounded by the kernel; the real rate follows from the timings (as drm_mode_vrefresh does).
    private static func refreshRate(of info: drmModeModeInfo) -> Double {
        guard info.htotal > 0, info.vtotal > 0 else { return Double(info.vrefresh) }
        var rate = Double(info.clock) * 1000 / (Double(info.htotal) * Double(info.vtotal))
        if info.flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0 { rate *= 2 }
        if info.flags & UInt32(DRM_MODE_FLAG_DBLSCAN) != 0 { rate /= 2 }
        if info.vscan > 1 { rate /= Double(info.vscan) }
        return rate
    }
}

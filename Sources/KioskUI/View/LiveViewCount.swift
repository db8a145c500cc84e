import KioskGraphics

extension LiveInstances {
    /// Every `View` (components, panels, alert and keyboard views) made and not yet freed.
    public nonisolated static let views = LiveInstanceCounter("View")
}

import KioskGraphics

/// Puts a framebuffer on screen through one pipeline: atomic commits where the driver has them,
/// the legacy SetCrtc/PageFlip calls where not.
protocol ScanoutPresenter: AnyObject {
    /// True when the kernel receives the damage rectangles (FB_DAMAGE_CLIPS).
    var sendsDamage: Bool { get }
    /// Checks, changing nothing, that the driver accepts a modeset to `mode` with a buffer of `size`;
    /// throws its refusal. Called once, when the display is opened, before the first real modeset.
    func testModeset(framebuffer: UInt32, size: (width: Int, height: Int), mode: KernelMode) throws
    /// Shows `framebuffer`. With `modeset`, (re)programs the mode first. Completion is always
    /// reported by a page-flip event carrying `userData`.
    func show(framebuffer: UInt32, size: (width: Int, height: Int), mode: KernelMode, damage: Region, modeset: Bool,
              userData: UnsafeMutableRawPointer?) throws
    /// Switches the display off (DPMS off), synchronously. The next `show` with `modeset` switches
    /// it on again.
    func powerOff() throws
}

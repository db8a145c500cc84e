import KioskGraphics
import KioskPlatform

/// Turns a device position into a UI point: calibration in normalised device space (as libinput
/// does it, so a matrix measured with libinput tools means the same here), then scaling to display
/// pixels, then the panel rotation (the compositor's `Rotation`, so a touch lands on what is drawn there).
nonisolated public struct CoordinateMapper: Hashable, Sendable {
    /// The display (scanout buffer) size in pixels, before rotation.
    public var displayWidth: Int
    public var displayHeight: Int
    public var calibration: CalibrationMatrix
    public var rotation: Rotation

    public init(displayWidth: Int, displayHeight: Int, calibration: CalibrationMatrix = .identity,
                rotation: Rotation = .none) {
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
        self.calibration = calibration
        self.rotation = rotation
    }

    /// The size of the UI the points land in.
    public var uiSize: Size {
        let size = rotation.logicalSize(forBufferWidth: displayWidth, height: displayHeight)
        return Size(width: Double(size.width), height: Double(size.height))
    }

    /// A calibrated absolute device position (0…1 on both axes) → display pixels.
    public func displayPoint(forNormalized point: Point) -> Point {
        let calibrated = calibration.apply(toNormalized: point)
        return Point(x: calibrated.x * Double(displayWidth), y: calibrated.y * Double(displayHeight))
    }

    /// Display pixels → UI points (rotation only).
    public func uiPoint(forDisplayPoint point: Point) -> Point {
        rotation.logicalPoint(forBufferPoint: point, bufferWidth: displayWidth, bufferHeight: displayHeight)
    }

    /// The whole path for a touchscreen position normalised to 0…1.
    public func uiPoint(forNormalized point: Point) -> Point {
        uiPoint(forDisplayPoint: displayPoint(forNormalized: point))
    }

    /// Keeps a UI point on the screen (relative pointer motion must not leave it).
    public func clampedToUI(_ point: Point) -> Point {
        let size = uiSize
        return Point(x: min(max(point.x, 0), max(size.width - 1, 0)), y: min(max(point.y, 0), max(size.height - 1, 0)))
    }
}

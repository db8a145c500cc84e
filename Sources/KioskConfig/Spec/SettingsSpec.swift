import KioskGraphics

/// Which output the kiosk drives.
nonisolated public enum DisplayBackend: String, Equatable, Sendable, CaseIterable {
    /// DRM when a display device can be opened, headless otherwise.
    case auto
    case drm
    case headless
}

/// A display mode: `1920x1080@60` (the refresh rate is optional).
nonisolated public struct DisplayMode: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var refreshRate: Double?

    public init(width: Int, height: Int, refreshRate: Double? = nil) {
        self.width = width
        self.height = height
        self.refreshRate = refreshRate
    }
}

/// When an untouched kiosk dims, blanks and returns to its start panel (nil: never).
nonisolated public struct IdleSpec: Equatable, Sendable {
    /// Seconds.
    public var dim: Double?
    public var blank: Double?
    public var returnToStart: Double?
    /// Seconds of full-screen colour cycle shown when the screen blanks, before it goes dark
    /// (against burn-in); nil: none.
    public var antiburn: Double?

    public init(dim: Double? = nil, blank: Double? = nil, returnToStart: Double? = nil) {
        self.dim = dim
        self.blank = blank
        self.returnToStart = returnToStart
    }
}

nonisolated public struct DisplaySpec: Equatable, Sendable {
    public var backend: DisplayBackend
    /// The headless output's size.
    public var size: Size?
    /// The DRM mode to set (the connector's preferred mode when nil).
    public var mode: DisplayMode?
    /// Degrees clockwise: 0, 90, 180 or 270 (matches `Rotation`'s raw values).
    public var rotation: Int
    public var scale: Double
    /// A DRM card such as `/dev/dri/card0` (found through udev when nil).
    public var device: String?
    public var idle: IdleSpec
    /// The backlight's level while awake: a number from 0 to 1, or a formula giving one.
    public var brightness: BrightnessSpec = .level(1)
    /// Moves the whole picture a few pixels now and then, against burn-in; nil: never.
    public var antiburn: AntiburnSpec?

    public init(backend: DisplayBackend = .auto, size: Size? = nil, mode: DisplayMode? = nil, rotation: Int = 0,
                scale: Double = 1, device: String? = nil, idle: IdleSpec = IdleSpec()) {
        self.backend = backend
        self.size = size
        self.mode = mode
        self.rotation = rotation
        self.scale = scale
        self.device = device
        self.idle = idle
    }
}

/// `display.brightness`: a fixed level, or a formula bound like a widget property (the time of
/// day, a light sensor's source).
nonisolated public enum BrightnessSpec: Equatable, Sendable {
    case level(Double)
    case formula(FormulaSpec)
}

/// `display.antiburn: {every: 1h, shift: 4}`: every `every` seconds the picture moves one pixel
/// along a path that stays within `shift` pixels of where it belongs.
nonisolated public struct AntiburnSpec: Equatable, Sendable {
    public var every: Double
    public var shift: Int

    public init(every: Double = 3600, shift: Int = 4) {
        self.every = every
        self.shift = shift
    }
}

/// `log`: what the kiosk writes to the journal (or stderr).
nonisolated public struct LogSpec: Equatable, Sendable {
    /// The least important messages written, as syslog names them: the order of `levels`.
    public static let levels = ["error", "warning", "notice", "info", "debug"]
    /// One of `levels`.
    public var level: String

    public init(level: String = "info") {
        self.level = level
    }
}

nonisolated public struct InputSpec: Equatable, Sendable {
    /// libinput's calibration matrix: the first two rows of a 3×3 affine matrix, row-major.
    public var calibration: [Double]?
    /// An xkb layout such as `us` or `es`.
    public var keyboardLayout: String?
    public var seat: String

    public init(calibration: [Double]? = nil, keyboardLayout: String? = nil, seat: String = "seat0") {
        self.calibration = calibration
        self.keyboardLayout = keyboardLayout
        self.seat = seat
    }
}

nonisolated public struct ThemeSpec: Equatable, Sendable {
    public var appearance: Appearance
    public var textScale: Double
    public var accent: Color
    public var locale: String
    /// Font files and directories (TTF, OTF) loaded for the kiosk alone, as written (relative to
    /// the config's directory).
    public var fonts: [String] = []

    public init(appearance: Appearance = .light, textScale: Double = 1, accent: Color = .systemBlue, locale: String = "en") {
        self.appearance = appearance
        self.textScale = textScale
        self.accent = accent
        self.locale = locale
    }
}

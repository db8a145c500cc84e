import KioskCompositor
import KioskConfig
import KioskDRM
import KioskInput
import KioskPlatform
import KioskUI

/// What the live runtime drives and how: the card, connector and mode, the panel's mounting, the
/// UI scale and environment, and the input seat and keyboard layout.
public struct RuntimeOptions {
    /// "/dev/dri/card0"; nil picks the first card with a connected display.
    public var devicePath: String?
    /// "HDMI-A-1"; nil picks the first connected connector.
    public var connectorName: String?
    /// nil uses the connector's preferred mode.
    public var mode: DisplayModeRequest?
    public var rotation: Rotation
    /// Pixels per point.
    public var scale: Double
    public var environment: Environment
    public var seat: String
    /// When not empty, input comes from these event nodes only, not from the seat's devices.
    public var inputDevicePaths: [String] = []
    /// How the card and input devices are opened: through libseat when a seat manager answers
    /// (the default), or only one way.
    public var deviceAccess: SeatSession.Preference
    public var keymap: Keymap
    public var calibration: CalibrationMatrix
    /// Shown in the start-up summary.
    public var version: String
    public var configPath: String

    public init(devicePath: String? = nil, connectorName: String? = nil, mode: DisplayModeRequest? = nil,
                rotation: Rotation = .none, scale: Double = 1, environment: Environment = Environment(),
                seat: String = "seat0", deviceAccess: SeatSession.Preference = .automatic, keymap: Keymap = Keymap(), calibration: CalibrationMatrix = .identity,
                version: String = kioskVersion, configPath: String = "none") {
        self.devicePath = devicePath
        self.connectorName = connectorName
        self.mode = mode
        self.rotation = rotation
        self.scale = scale
        self.environment = environment
        self.seat = seat
        self.deviceAccess = deviceAccess
        self.keymap = keymap
        self.calibration = calibration
        self.version = version
        self.configPath = configPath
    }
}

extension RuntimeOptions {
    /// The config's display mode, rotation and input seat, where the command line does not say
    /// otherwise: what `kiosk run` and `kiosk calibrate` both take from it.
    mutating func takeModeRotationAndSeat(of config: KioskConfigSpec, unlessIn arguments: Arguments) {
        if arguments.value("mode") == nil, let mode = config.display.mode {
            self.mode = DisplayModeRequest(width: mode.width, height: mode.height,
                                           refreshRate: mode.refreshRate.map { Int($0.rounded()) })
        }
        if arguments.value("rotation") == nil, let rotation = Rotation(rawValue: config.display.rotation) {
            self.rotation = rotation
        }
        if arguments.value("seat") == nil { seat = config.input.seat }
    }
}

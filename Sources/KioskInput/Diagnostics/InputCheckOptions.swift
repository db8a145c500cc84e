import KioskPlatform

/// The command line of `kiosk-input-check`.
nonisolated public struct InputCheckOptions: Hashable, Sendable {
    public var configuration = InputConfiguration()
    /// How long to listen; nil listens until interrupted.
    public var seconds: Double?

    public static let usage = """
        usage: kiosk-input-check [--seat NAME] [--layout NAME[:VARIANT]] [--size WxH]
                                 [--rotation 0|90|180|270] [--calibration "a b c d e f"] [--seconds N]
        Prints the input events the kiosk would see, in UI coordinates.
          --seat         udev seat (default seat0)
          --layout       XKB keyboard layout (default us), e.g. es or de:nodeadkeys
          --size         display size in pixels before rotation (default 1280x800)
          --rotation     panel rotation in degrees clockwise (default 0)
          --calibration  libinput calibration matrix, six numbers (default 1 0 0 0 1 0)
          --seconds      exit after N seconds (default: run until interrupted)
        """

    public init() {}

    /// Parses the arguments after the program name.
    public init(arguments: [String]) throws(InputCheckUsageError) {
        var remaining = arguments[...]
        func value(for option: String) throws(InputCheckUsageError) -> String {
            guard let value = remaining.popFirst() else { throw InputCheckUsageError("\(option) needs a value") }
            return value
        }
        while let option = remaining.popFirst() {
            switch option {
            case "--seat":
                configuration.seat = try value(for: option)
            case "--layout":
                let parts = try value(for: option).split(separator: ":", maxSplits: 1).map(String.init)
                configuration.keymap.layout = parts.first ?? "us"
                configuration.keymap.variant = parts.count > 1 ? parts[1] : ""
            case "--size":
                let text = try value(for: option)
                let parts = text.split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
                    throw InputCheckUsageError("--size wants WIDTHxHEIGHT in pixels, like 1280x800, not '\(text)'")
                }
                configuration.mapper.displayWidth = parts[0]
                configuration.mapper.displayHeight = parts[1]
            case "--rotation":
                let text = try value(for: option)
                guard let degrees = Int(text), let rotation = Rotation(rawValue: degrees) else {
                    throw InputCheckUsageError("--rotation wants 0, 90, 180 or 270, not '\(text)'")
                }
                configuration.mapper.rotation = rotation
            case "--calibration":
                let text = try value(for: option)
                guard let matrix = CalibrationMatrix(parsing: text) else {
                    throw InputCheckUsageError("--calibration wants six numbers \"a b c d e f\", not '\(text)'")
                }
                configuration.mapper.calibration = matrix
            case "--seconds":
                let text = try value(for: option)
                guard let seconds = Double(text), seconds > 0 else {
                    throw InputCheckUsageError("--seconds wants a positive number, not '\(text)'")
                }
                self.seconds = seconds
            default:
                throw InputCheckUsageError("unknown option '\(option)'")
            }
        }
    }
}

/// A command line `kiosk-input-check` cannot use.
nonisolated public struct InputCheckUsageError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

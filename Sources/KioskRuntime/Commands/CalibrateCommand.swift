import FoundationEssentials
import Glibc
import KioskConfig
import KioskDRM
import KioskGraphics
import KioskInput
import KioskPlatform

/// `kiosk calibrate [--config FILE [--write]] [--device PATH] [options]`: crosshairs on the display,
/// the touches that hit them, and the matrix that makes them land where they were aimed — printed,
/// and with `--write` put into the config's `input.calibration` (a line edit; comments stay).
///
/// The display settings (card, mode, rotation) and the seat come from the config as `kiosk run`
/// takes them, so the calibration is measured as the kiosk will use it; any calibration the config
/// has already is ignored while measuring. Exit status 0 when calibrated (and written), 1 when not.
public enum CalibrateCommand {
    /// Seconds without a touch before the run gives up.
    static let defaultTimeout = 120.0

    public static func run(_ arguments: Arguments) throws -> Int32 {
        let configPath = arguments.value("config")
        if arguments.flag("write"), configPath == nil { throw UsageError("--write needs --config FILE: the config to write into") }
        let timeout = try arguments.value("timeout").map { text in
            guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3600 else {
                throw UsageError("--timeout wants seconds from 1 to 3600; got '\(text)'")
            }
            return seconds
        } ?? defaultTimeout
        let config = try configPath.map(load)
        let options = try runtimeOptions(config: config, arguments: arguments)

        let view = CalibrationView()
        let runtime = try LiveRuntime(rootView: view, options: options, logger: .standard())
        let calibration = CalibrationRun(runtime: runtime, view: view, timeout: timeout) { line in print("calibrate: \(line)") }
        try withExtendedLifetime(calibration) { try runtime.run() }

        switch calibration.result {
        case .success(let success):
            report(success)
            if arguments.flag("write"), let configPath { try write(success.matrix, into: configPath) }
            return 0
        case .failure(let failure):
            StandardError.write("kiosk calibrate: \(failure)\n")
            return 1
        case nil:
            StandardError.write("kiosk calibrate: stopped before the calibration was done; nothing written\n")
            return 1
        }
    }

    private static func load(_ path: String) throws -> KioskConfigSpec {
        switch ConfigLoader(registry: AdapterTable.standard.registry).load(path: path) {
        case .success(let config): return config
        case .failure(let errors): throw InvalidConfig(errors: errors, path: path)
        }
    }

    /// The config's display and seat, overridden by the command line; no scale (crosshairs are
    /// placed in pixels) and no calibration (the touches are measured raw).
    static func runtimeOptions(config: KioskConfigSpec?, arguments: Arguments) throws -> RuntimeOptions {
        var options = try RunCommand.runtimeOptions(arguments)
        // Here --device is the touchscreen; the card is --card.
        options.devicePath = arguments.value("card") ?? config?.display.device
        options.inputDevicePaths = arguments.value("device").map { [$0] } ?? []
        options.scale = 1
        options.calibration = .identity
        options.configPath = arguments.value("config") ?? "none"
        if let config { options.takeModeRotationAndSeat(of: config, unlessIn: arguments) }
        return options
    }

    private static func report(_ success: CalibrationRun.Success) {
        // The same six numbers udev's LIBINPUT_CALIBRATION_MATRIX takes.
        print("calibrate: matrix " + success.matrix.values.map(CalibrationEdit.number).joined(separator: " "))
        print("calibrate: the check point landed " + String(cFormat: "%.1f", success.error)
              + " px from its crosshair (at most " + String(cFormat: "%.1f", success.tolerance) + " px accepted)")
        print("input:\n  calibration: \(CalibrationEdit.flowList(success.matrix.values))")
    }

    private static func write(_ matrix: CalibrationMatrix, into path: String) throws {
        let bytes = try RegularFile.contents(of: path, limit: ConfigLoader.maximumFileSize)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw UsageError("\(path) is not UTF-8 text") }
        let edited = try CalibrationEdit.setting(matrix.values, in: text, file: path)
        try ConfigFileReplacement.replace(path, with: Array(edited.utf8))
        print("calibrate: wrote input.calibration into \(path) (the previous file is \(path).previous)")
    }
}

import Foundation

/// What a soak run does: how many virtual hours, from which seed, on which config. Read from the
/// environment (`KIOSK_SOAK_HOURS`, `KIOSK_SOAK_SEED`, `KIOSK_SOAK_CONFIG`) so `make test` and
/// `make soak` differ only in the hours, and a failing run is replayed by exporting its seed.
struct SoakOptions {
    var hours = 1
    var seed: UInt64 = 0
    var configPath = "Config/kiosk.yaml"
    /// Mean virtual seconds between two actions (pauses of minutes aside): about 1000 actions an
    /// hour, which keeps an hour to a minute or two of a debug build and a day well under an hour.
    var meanGap = 2.5
    /// Measurements are printed this often; the checks run at every virtual hour.
    var sampleInterval = 600.0
    /// Print every action as it runs (`KIOSK_SOAK_TRACE=1`), to follow a replayed failure.
    var trace = false
    /// Set every property of every widget to its extreme values instead (`KIOSK_SOAK_EXTREMES=1`).
    var extremes = false

    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> SoakOptions {
        var options = SoakOptions()
        options.seed = UInt64(Date().timeIntervalSince1970 * 1000) & 0xFFFF_FFFF
        if let text = environment["KIOSK_SOAK_HOURS"] {
            guard let hours = Int(text), hours >= 1 else { throw Invalid(description: "KIOSK_SOAK_HOURS wants a whole number of hours ≥ 1; got '\(text)'") }
            options.hours = hours
        }
        if let text = environment["KIOSK_SOAK_SEED"] {
            guard let seed = UInt64(text) else { throw Invalid(description: "KIOSK_SOAK_SEED wants a whole number; got '\(text)'") }
            options.seed = seed
        }
        options.trace = environment["KIOSK_SOAK_TRACE"] == "1"
        options.extremes = environment["KIOSK_SOAK_EXTREMES"] == "1"
        if let path = environment["KIOSK_SOAK_CONFIG"] { options.configPath = path }
        return options
    }
}

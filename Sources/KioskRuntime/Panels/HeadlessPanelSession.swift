import Foundation
import KioskCompositor
import KioskConfig
import KioskGraphics
import KioskPlatform
import KioskUI

/// A config's panels on a headless display: what `kiosk snapshot`, `kiosk run --backend headless`
/// and `kiosk test` drive. The frame loop, panel transitions, the screen's timers and
/// `display.idle` run on the display's scheduler (a virtual loop unless one is given), so two runs
/// give the same pixels.
public final class HeadlessPanelSession {
    public static let defaultSize = Size(width: 800, height: 480)

    public let driver: HeadlessDriver
    public var display: HeadlessDisplay { driver.display }
    public let host: PanelHost
    /// `display.idle`: dims, blanks and returns to the start panel on the display's clock; input
    /// from the driver counts as activity.
    public let idle: IdleBehaviour

    /// Frames are made at `refreshRate` on `scheduler`. `power` is the backlight and display power idle acts on (none headless: the overlay dims).
    public init(config: KioskConfigSpec, configPath: String, size: Size? = nil, appearance: Appearance? = nil,
                adapters: AdapterTable = .standard, power: ScreenPower? = nil, scheduler: (any Scheduler)? = nil,
                refreshRate: Double = HeadlessDisplay.defaultRefreshRate) {
        var config = config
        if let appearance { config.theme.appearance = appearance }
        driver = HeadlessDriver(size: size ?? config.display.size ?? Self.defaultSize, scale: config.display.scale,
                                environment: Environment(appearance: config.theme.appearance, locale: config.theme.locale),
                                rootView: View(), scheduler: scheduler, refreshRate: refreshRate)
        let directory = URL(fileURLWithPath: configPath).deletingLastPathComponent().path
        host = PanelHost(screen: driver.screen, config: config, adapters: adapters, baseDirectory: directory)
        driver.compositor.addFrameObserver { [weak host] time in host?.step(at: time) }
        host.start()
        idle = IdleBehaviour(settings: IdleBehaviour.settings(config.display.idle), screen: driver.screen, host: host,
                             power: power, scheduler: driver.loop)
        idle.log = { [weak host] message in host?.log(message) }
        driver.inputGate = idle
        // A reloaded `display.idle` applies at once, counting the time already idle, as on a device.
        host.reloadPhaseDidEnd = { [unowned self] phase in
            guard phase == .laidOut else { return }
            idle.update(IdleBehaviour.settings(host.config.display.idle), at: driver.loop.now)
        }
    }

    /// Loads and validates `path`; the errors as `kiosk check` prints them when it is not valid.
    public static func load(path: String, size: Size? = nil, appearance: Appearance? = nil,
                            adapters: AdapterTable = .standard, scheduler: (any Scheduler)? = nil,
                            refreshRate: Double = HeadlessDisplay.defaultRefreshRate) throws -> HeadlessPanelSession {
        switch ConfigLoader(registry: adapters.registry).load(path: path) {
        case .success(let config):
            return HeadlessPanelSession(config: config, configPath: path, size: size, appearance: appearance, adapters: adapters,
                                        scheduler: scheduler, refreshRate: refreshRate)
        case .failure(let errors):
            throw InvalidConfig(errors: errors, path: path)
        }
    }

    /// The screen after every pending frame (transitions included) has been made.
    public func snapshot() throws -> Surface {
        if driver.loop is VirtualLoop { try renderUntilIdle() }
        return try driver.snapshot()
    }

    /// Makes frames, runs animations and fires timers until nothing is pending.
    public func renderUntilIdle() throws {
        try driver.settle()
    }

    /// Moves the virtual clock forward by `seconds`, making every frame and firing every timer that falls due.
    public func advance(by seconds: Double) throws {
        try driver.advance(by: seconds)
    }
}

/// A config that failed validation, described as `kiosk check` does.
public struct InvalidConfig: Error, CustomStringConvertible {
    public let errors: ConfigErrors
    public let path: String

    public var description: String {
        errors.errors.map(\.description).joined(separator: "\n") + "\n\(path): \(errors.errors.count) error"
            + (errors.errors.count == 1 ? "" : "s")
    }
}

import FoundationEssentials
import Glibc
import KioskCompositor
import KioskConfig
import KioskGraphics
import KioskPlatform
import KioskUI

/// A config's panels on a headless display: what `kiosk snapshot`, `kiosk run --backend headless`
/// and `kiosk test` drive. The panels are a `PanelKiosk`, the object a device runs on each screen
/// (panel host, on-screen keyboard, `display.idle`, reloads, the control socket), on the display's
/// scheduler (a virtual loop unless one is given), so two runs give the same pixels. The driver's
/// input goes through the kiosk as a device's does.
public final class HeadlessPanelSession {
    public static let defaultSize = Size(width: 800, height: 480)

    public let kiosk: PanelKiosk
    public let driver: HeadlessDriver
    public var display: HeadlessDisplay { driver.display }
    public var host: PanelHost { kiosk.host }
    /// `display.idle`: dims, blanks and returns to the start panel on the display's clock; input
    /// from the driver counts as activity.
    public var idle: IdleBehaviour { kiosk.idle }

    /// Frames are made at `refreshRate` on `scheduler`. `power` is the backlight and display power
    /// idle acts on (none headless: the overlay dims). `controlPath`, `logger` and `onEmit` are as
    /// in `PanelKiosk.Setup`; by default there is no control socket and nothing is logged.
    /// `runsSources: false` keeps the config's sources from fetching anything (scripts feed them).
    public init(config: KioskConfigSpec, configPath: String, size: Size? = nil, appearance: Appearance? = nil,
                adapters: AdapterTable = .standard, power: ScreenPower? = nil, scheduler: (any Scheduler)? = nil,
                refreshRate: Double = HeadlessDisplay.defaultRefreshRate, controlPath: Result<String, SocketError>? = nil,
                logger: Logger = .discarding, onEmit: ((EmittedEvent) -> Void)? = nil, runsSources: Bool = true) {
        var config = config
        if let appearance { config.theme.appearance = appearance }
        let display = HeadlessDisplay(size: size ?? config.display.size ?? Self.defaultSize, scale: config.display.scale,
                                      environment: Environment(appearance: config.theme.appearance, locale: config.theme.locale,
                                                               accent: config.theme.accent),
                                      rootView: LayerHostView(content: View()), scheduler: scheduler, refreshRate: refreshRate)
        var setup = PanelKiosk.Setup(configPath: configPath, adapters: adapters, controlPath: controlPath, power: power,
                                     logger: logger, onEmit: onEmit) { [unowned display] in try display.snapshot() }
        setup.runsSources = runsSources
        setup.movePicture = { [unowned display] offset in display.compositor.movePicture(to: offset) }
        kiosk = PanelKiosk(screen: display.screen, config: config, scheduler: display.loop, setup: setup)
        driver = HeadlessDriver(display: display, keyboard: kiosk.keyboard, receiver: kiosk)
        display.compositor.addFrameObserver { [weak kiosk] time in kiosk?.step(at: time) }
    }

    /// Loads and validates `path`; the errors as `kiosk check` prints them when it is not valid.
    public static func load(path: String, size: Size? = nil, appearance: Appearance? = nil,
                            adapters: AdapterTable = .standard, scheduler: (any Scheduler)? = nil,
                            refreshRate: Double = HeadlessDisplay.defaultRefreshRate,
                            controlPath: Result<String, SocketError>? = nil, logger: Logger = .discarding,
                            onEmit: ((EmittedEvent) -> Void)? = nil, runsSources: Bool = true) throws -> HeadlessPanelSession {
        switch ConfigLoader(registry: adapters.registry).load(path: path) {
        case .success(let config):
            return HeadlessPanelSession(config: config, configPath: path, size: size, appearance: appearance, adapters: adapters,
                                        scheduler: scheduler, refreshRate: refreshRate, controlPath: controlPath,
                                        logger: logger, onEmit: onEmit, runsSources: runsSources)
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

import Foundation
import KioskCompositor
import KioskConfig
import KioskGraphics
import KioskUI

/// A config's panels on a headless display: what `kiosk snapshot`, `kiosk run --backend headless`
/// and `kiosk test` drive. Frames are made on the virtual clock, and panel transitions step at
/// each frame's presentation time, so two runs give the same pixels.
public final class HeadlessPanelSession {
    public static let defaultSize = Size(width: 800, height: 480)

    public let driver: HeadlessDriver
    public var display: HeadlessDisplay { driver.display }
    public let host: PanelHost

    public init(config: KioskConfigSpec, configPath: String, size: Size? = nil, appearance: Appearance? = nil,
                adapters: AdapterTable = .standard) {
        var config = config
        if let appearance { config.theme.appearance = appearance }
        driver = HeadlessDriver(size: size ?? config.display.size ?? Self.defaultSize, scale: config.display.scale,
                                environment: Environment(appearance: config.theme.appearance, locale: config.theme.locale),
                                rootView: View())
        let directory = URL(fileURLWithPath: configPath).deletingLastPathComponent().path
        host = PanelHost(screen: driver.screen, config: config, adapters: adapters, baseDirectory: directory)
        driver.compositor.addFrameObserver { [weak host] time in host?.step(at: time) }
        host.start()
    }

    /// Loads and validates `path`; the errors as `kiosk check` prints them when it is not valid.
    public static func load(path: String, size: Size? = nil, appearance: Appearance? = nil,
                            adapters: AdapterTable = .standard) throws -> HeadlessPanelSession {
        switch ConfigLoader(registry: adapters.registry).load(path: path) {
        case .success(let config):
            return HeadlessPanelSession(config: config, configPath: path, size: size, appearance: appearance, adapters: adapters)
        case .failure(let errors):
            throw InvalidConfig(errors: errors, path: path)
        }
    }

    /// The screen after every pending frame (transitions included) has been made.
    public func snapshot() throws -> Surface {
        try renderUntilIdle()
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

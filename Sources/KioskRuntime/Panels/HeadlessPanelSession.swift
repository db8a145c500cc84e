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

    public let display: HeadlessDisplay
    public let host: PanelHost

    public init(config: KioskConfigSpec, configPath: String, size: Size? = nil, appearance: Appearance? = nil,
                adapters: AdapterTable = .standard) {
        var config = config
        if let appearance { config.theme.appearance = appearance }
        display = HeadlessDisplay(size: size ?? config.display.size ?? Self.defaultSize, scale: config.display.scale)
        let directory = URL(fileURLWithPath: configPath).deletingLastPathComponent().path
        host = PanelHost(screen: display.screen, config: config, adapters: adapters, baseDirectory: directory)
        display.compositor.willPaint = { [weak host] time in host?.step(at: time) }
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
        return try display.snapshot()
    }

    /// Makes frames at the virtual refresh rate until nothing is pending (at most `maxFrames` vblanks).
    public func renderUntilIdle(maxFrames: Int = 10_000) throws {
        var vblanks = 0
        while display.compositor.needsFrame && vblanks < maxFrames {
            display.clock.advance(to: nextVblank)
            try display.compositor.renderFrame(at: display.clock.now)
            vblanks += 1
        }
    }

    /// Moves the virtual clock forward by `seconds`, making every frame that falls due.
    public func advance(by seconds: Double) throws {
        let end = display.clock.now + seconds
        while display.clock.now < end {
            if display.compositor.needsFrame {
                display.clock.advance(to: min(nextVblank, end))
                try display.compositor.renderFrame(at: display.clock.now)
            } else {
                display.clock.advance(to: end)
            }
        }
    }

    /// The next vblank strictly after now. `VirtualClock.nextPresentationTime` divides the time by the
    /// interval, and at some multiples (31/60 s) rounding lands just below the vblank already reached,
    /// which would return the current time again and stop the clock.
    private var nextVblank: Double {
        let clock = display.clock
        let next = clock.nextPresentationTime
        return next - clock.now < clock.refreshInterval / 2 ? next + clock.refreshInterval : next
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

import FoundationEssentials
import Glibc
import KioskCompositor
import KioskConfig
import KioskDRM
import KioskGraphics
import KioskInput
import KioskPlatform
import KioskUI

/// `kiosk run --config FILE` on the display: the config's panels on the live runtime, a
/// `PanelKiosk` for each screen the runtime builds, hot reload (SIGHUP and file changes), and
/// the control socket. Command-line options win over the config's `display` and `input`.
final class PanelsOnDisplay: LiveRuntimeDelegate, InputReceiver {
    let runtime: LiveRuntime
    /// The config loaded at start; a later screen is built from the one in force instead.
    private let startConfig: KioskConfigSpec
    private let setup: PanelKiosk.Setup
    /// The panels on the runtime's current screen; nil until there is one.
    private(set) var kiosk: PanelKiosk?
    /// `remote.vnc`, unless `--no-remote`; started with the first compositor.
    private let remoteSettings: RemoteView.Settings?
    private(set) var remoteView: RemoteView?
    /// `kiosk ctl stats` and `--trace`.
    private let instruments: FrameInstruments

    static func run(configPath: String, arguments: Arguments) throws {
        let adapters = AdapterTable.standard
        let config: KioskConfigSpec
        switch ConfigLoader(registry: adapters.registry).load(path: configPath) {
        case .success(let loaded): config = loaded
        case .failure(let errors): throw InvalidConfig(errors: errors, path: configPath)
        }
        // --verbose wins over the config's level.
        let level = arguments.flag("verbose") ? .debug : LogLevel(name: config.log.level) ?? .info
        let logger = Logger.standard(minimumLevel: level)
        let options = try runtimeOptions(config: config, configPath: configPath, arguments: arguments)
        let runtime = try LiveRuntime(rootView: LayerHostView(content: View()), options: options, logger: logger)
        // Without a usable socket directory the kiosk still shows its panels; the log says why.
        let controlPath = Result { () throws(SocketError) in try ControlEndpoint.path(from: arguments) }
        // On a display the remote view is off unless the config asks for it.
        var remote: RemoteView.Settings?
        if let vnc = config.remote.vnc, !arguments.flag("no-remote") {
            do {
                remote = try RemoteView.Settings(vnc, baseDirectory: URL(fileURLWithPath: configPath).deletingLastPathComponent().path)
            } catch {
                logger.error("remote view off: \(error)")
            }
        }
        let instruments = try FrameInstruments(arguments: arguments, frames: runtime.frames)
        defer { instruments.close() }
        let panels = PanelsOnDisplay(runtime: runtime, config: config, configPath: configPath, adapters: adapters,
                                     controlPath: controlPath, remote: remote, instruments: instruments)
        try runtime.loop.addFileWatch(path: configPath) { [unowned panels] change in
            if change == .changed { panels.reload() }
        }
        try withExtendedLifetime(panels) { try runtime.run() }
        panels.kiosk?.close()
    }

    init(runtime: LiveRuntime, config: KioskConfigSpec, configPath: String, adapters: AdapterTable,
         controlPath: Result<String, SocketError>, remote: RemoteView.Settings? = nil,
         instruments: FrameInstruments = FrameInstruments()) {
        self.runtime = runtime
        self.instruments = instruments
        startConfig = config
        remoteSettings = remote
        let logger = runtime.logger
        // The backlight is looked up once: boards do not grow one while running.
        let power = DisplayPower(backlight: Backlight.open(scheduler: runtime.loop), runtime: runtime, logger: logger,
                                 levelsOfMaximum: config.display.brightness != .level(1))
        var setup = PanelKiosk.Setup(configPath: configPath, adapters: adapters, controlPath: controlPath, power: power,
                                     service: runtime.service, logger: logger) { [unowned runtime] in
            guard let compositor = runtime.compositor else { throw UsageError("no display to take a screenshot of") }
            return compositor.renderFullFrame()
        }
        setup.movePicture = { [unowned runtime] offset in runtime.compositor?.movePicture(to: offset) }
        self.setup = setup
        runtime.delegate = self
    }

    private func reload() {
        kiosk?.reload()
    }

    // MARK: LiveRuntimeDelegate

    func liveRuntime(_ runtime: LiveRuntime, didCreate screen: Screen) {
        // A new screen (first display, or one replugged at another size) gets fresh panels, built
        // from the config in force.
        let config = kiosk?.config ?? startConfig
        kiosk?.close()
        let kiosk = PanelKiosk(screen: screen, config: config, scheduler: instruments.scheduler(for: runtime.loop), setup: setup)
        kiosk.trace = instruments.trace
        let loop = runtime.loop, statistics = instruments.statistics
        kiosk.endpoint?.handler.statistics = { [unowned loop] in statistics.json(wakeups: loop.wakeupCount) }
        self.kiosk = kiosk
    }

    func liveRuntime(_ runtime: LiveRuntime, willPaintFrameAt time: Double) {
        kiosk?.step(at: time)
    }

    func liveRuntime(_ runtime: LiveRuntime, didReceive event: InputEvent) {
        // With --verbose, where each touch lands: what an integrator checks a calibration against.
        runtime.logger.debug("input: " + DashboardDemo.describe(event))
        kiosk?.handle(event)
    }

    func liveRuntimeDidSeeUserActivity(_ runtime: LiveRuntime) {
        kiosk?.noteActivity()
    }

    func liveRuntimeShouldReload(_ runtime: LiveRuntime) {
        reload()
    }

    func liveRuntime(_ runtime: LiveRuntime, willRenderWith compositor: Compositor) {
        if let remoteView {
            remoteView.attach(compositor)
            return
        }
        guard let remoteSettings else { return }
        do {
            let view = try RemoteView(settings: remoteSettings, compositor: compositor, loop: runtime.loop, logger: runtime.logger)
            view.receiver = self
            remoteView = view
            runtime.logger.notice("remote view: \(view.address)")
        } catch {
            runtime.logger.error("remote view off: \(error)")
        }
    }

    // MARK: InputReceiver (the remote view)

    /// A remote viewer's touch or key, as a local device's: through the idle logic to the panels,
    /// then counted as activity (in the order `LiveRuntime` delivers a batch).
    func handle(_ event: InputEvent) {
        kiosk?.handle(event)
        kiosk?.noteActivity()
    }

    /// The config's display and input settings, overridden by what the command line says.
    static func runtimeOptions(config: KioskConfigSpec, configPath: String, arguments: Arguments) throws -> RuntimeOptions {
        var options = try RunCommand.runtimeOptions(arguments)
        options.configPath = configPath
        options.environment = Environment(appearance: try arguments.appearance() ?? config.theme.appearance,
                                          textScale: config.theme.textScale, locale: config.theme.locale,
                                          accent: config.theme.accent)
        if arguments.value("device") == nil { options.devicePath = config.display.device }
        options.takeModeRotationAndSeat(of: config, unlessIn: arguments)
        if arguments.value("scale") == nil { options.scale = config.display.scale }
        if arguments.value("keyboard-layout") == nil, let layout = config.input.keyboardLayout {
            options.keymap = Keymap(layout: layout)
        }
        if let values = config.input.calibration, let matrix = CalibrationMatrix(values: values) {
            options.calibration = matrix
        }
        return options
    }
}

import Foundation
import KioskCompositor
import KioskConfig
import KioskDRM
import KioskGraphics
import KioskInput
import KioskPlatform
import KioskUI

/// `kiosk run --config FILE` on the display: the config's panels on the live runtime, touches and
/// keys delivered into the views, the on-screen keyboard, hot reload (SIGHUP and file changes),
/// and the control socket. Command-line options win over the config's `display` and `input`.
enum PanelsOnDisplay {
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
        let directory = URL(fileURLWithPath: configPath).deletingLastPathComponent().path
        // Without a usable socket directory the kiosk still shows its panels; the log says why.
        let controlPath = Result { () throws(SocketError) in try ControlEndpoint.path(from: arguments) }
        var host: PanelHost?
        var keyboard: OnScreenKeyboard?
        var endpoint: ControlEndpoint?
        var idle: IdleBehaviour?
        var idleTimer: TimerID?
        // The backlight is looked up once: boards do not grow one while running.
        let power = DisplayPower(backlight: Backlight.open(), runtime: runtime, logger: logger)
        // The idle deadline moves with every input; one timer follows it (none while nothing is due).
        func armIdleTimer() {
            if let idleTimer { runtime.loop.cancelTimer(idleTimer) }
            idleTimer = nil
            guard let deadline = idle?.nextDeadline else { return }
            do {
                idleTimer = try runtime.loop.addTimer(at: deadline) {
                    idle?.advance(to: runtime.loop.now)
                    armIdleTimer()
                }
            } catch {
                logger.error("idle timer not armed, the screen will not dim or blank until the next input: \(error)")
            }
        }

        runtime.onScreenCreated = { screen in
            // A new screen (first display, or one replugged at another size) gets fresh panels,
            // built from the config in force.
            let panels = PanelHost(screen: screen, config: host?.config ?? config, adapters: adapters, baseDirectory: directory)
            panels.log = { message in logger.info(message) }
            panels.onEmit = { event in logger.info("emit \(event.jsonLine)") }
            panels.onPanelChange = { _, panel in runtime.service.content = "panel \(panel)" }
            panels.reloadPhaseDidEnd = { _ in runtime.service.workMadeProgress() }
            let onScreenKeyboard = OnScreenKeyboard(layout: .forLocale(panels.config.theme.locale))
            onScreenKeyboard.attach(to: screen)
            endpoint?.close()
            do {
                let controlPath = try controlPath.get()
                endpoint = try ControlEndpoint(host: panels, loop: runtime.loop, path: controlPath, configPath: configPath,
                                               components: adapters.registry, logger: logger) {
                    guard let compositor = runtime.compositor else { throw UsageError("no display to take a screenshot of") }
                    return compositor.renderFullFrame()
                }
                logger.info("control socket: \(controlPath)")
            } catch {
                logger.error("no control socket: \(error)")
            }
            panels.start()
            host = panels
            keyboard = onScreenKeyboard
            idle = IdleBehaviour(settings: IdleBehaviour.settings(panels.config.display.idle), screen: screen,
                                 host: panels, power: power, now: runtime.loop.now)
            armIdleTimer()
        }
        runtime.willPaint = { time in host?.step(at: time) }
        runtime.inputHandler = { event in
            guard let screen = runtime.screen else { return }
            let now = runtime.loop.now
            screen.currentTime = now
            let admitted = idle?.admit(event, at: now) ?? true
            armIdleTimer()
            if admitted { screen.dispatch(event) }
        }
        runtime.activityHandler = {
            idle?.noteActivity(at: runtime.loop.now)
            armIdleTimer()
        }
        let reload = {
            guard let host else { return }
            if let errors = host.reload(path: configPath) {
                logger.error("\(configPath) was not reloaded; the running panels stay:\n\(errors.description)")
            } else {
                logger.notice("reloaded \(configPath)")
                idle?.update(IdleBehaviour.settings(host.config.display.idle), at: runtime.loop.now)
                armIdleTimer()
            }
        }
        runtime.reloadHandler = reload
        try runtime.loop.addFileWatch(path: configPath) { change in
            if change == .changed { reload() }
        }
        try runtime.run()
        endpoint?.close()
        _ = keyboard
    }

    /// The config's display and input settings, overridden by what the command line says.
    static func runtimeOptions(config: KioskConfigSpec, configPath: String, arguments: Arguments) throws -> RuntimeOptions {
        var options = try RunCommand.runtimeOptions(arguments)
        options.configPath = configPath
        options.environment = Environment(appearance: try arguments.appearance() ?? config.theme.appearance,
                                          textScale: config.theme.textScale, locale: config.theme.locale)
        if arguments.value("device") == nil { options.devicePath = config.display.device }
        if arguments.value("mode") == nil, let mode = config.display.mode {
            options.mode = DisplayModeRequest(width: mode.width, height: mode.height,
                                              refreshRate: mode.refreshRate.map { Int($0.rounded()) })
        }
        if arguments.value("rotation") == nil, let rotation = Rotation(rawValue: config.display.rotation) {
            options.rotation = rotation
        }
        if arguments.value("scale") == nil { options.scale = config.display.scale }
        if arguments.value("seat") == nil { options.seat = config.input.seat }
        if arguments.value("keyboard-layout") == nil, let layout = config.input.keyboardLayout {
            options.keymap = Keymap(layout: layout)
        }
        if let values = config.input.calibration, let matrix = CalibrationMatrix(values: values) {
            options.calibration = matrix
        }
        return options
    }
}

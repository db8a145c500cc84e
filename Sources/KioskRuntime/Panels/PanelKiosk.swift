import FoundationEssentials
import Glibc
import KioskConfig
import KioskGraphics
import KioskPlatform
import KioskUI

/// A config's panels on one screen, as the kiosk runs them: the panel host, the on-screen
/// keyboard, the control socket and `display.idle`. Input reaches the views through the idle logic
/// (a touch that wakes the screen only wakes it), and a reload that fails validation keeps the
/// panels running.
///
/// It knows its screen and a `Scheduler`, nothing of where frames and input come from, so the same
/// object runs on a display and on a virtual clock. A new screen (a display replugged at another
/// size) gets a new `PanelKiosk`, built from the config in force; `close()` the old one first.
public final class PanelKiosk: InputReceiver {
    public let screen: Screen
    public let host: PanelHost
    public let keyboard: OnScreenKeyboard
    public let idle: IdleBehaviour
    /// The config's `sources:`, running on the kiosk's scheduler; rebuilt where a reload changed them.
    public let sources: SourceSet
    /// Nil when no control socket was asked for or it could not be opened (the log says why).
    public private(set) var endpoint: ControlEndpoint?
    /// The kiosk on the config's MQTT broker; nil without an `mqtt:` section (or sources off).
    public private(set) var mqtt: MQTTBridge?
    /// The config file `reload()` reads.
    public let configPath: String
    /// Where input events and source updates are recorded (`kiosk run --trace`); nil when none is.
    public var trace: FrameTrace?
    private let scheduler: any Scheduler
    private let logger: Logger
    /// Moves `now` in the formulas of the panel shown.
    private var nowTicker: NowTicker?
    /// `display.brightness`, evaluated as its inputs change.
    private var brightness: BrightnessBinding?
    /// `display.antiburn`: where the picture sits now.
    public private(set) var antiburn: AntiburnShift?
    private let setup: Setup

    /// What a `PanelKiosk` is built from, apart from its screen and config: the same for every
    /// screen of a run.
    public struct Setup {
        public var configPath: String
        public var adapters: AdapterTable
        /// The control socket's path; nil for none. A failure (no usable runtime directory) is
        /// logged and the kiosk runs without a socket.
        public var controlPath: Result<String, SocketError>?
        /// The backlight and the display's power, for idle dimming and blanking; nil dims with an
        /// overlay only.
        public var power: ScreenPower?
        /// Told what is on screen and that a long reload makes progress; nil when no service
        /// manager watches the kiosk.
        public var service: ServiceLifecycle?
        public var logger: Logger
        /// Where `emit` actions go, besides the control socket's subscribers; nil logs them.
        public var onEmit: ((EmittedEvent) -> Void)?
        /// The frame on screen, for the control socket's `screenshot`.
        public var screenshot: () throws -> Surface
        /// What `now` reads; nil for the scheduler's kind: virtual time on a `VirtualLoop`, else
        /// the system clock.
        public var wallClock: WallClock?
        /// Moves the whole picture on the display by a few pixels (`display.antiburn`): the
        /// compositor's `movePicture(to:)`; nil leaves the picture in place.
        public var movePicture: ((PixelOffset) -> Void)?
        /// False: the config's sources fetch nothing and take values only from `data` (scripts,
        /// snapshots: the same pixels on every run).
        public var runsSources = true

        public init(configPath: String, adapters: AdapterTable = .standard, controlPath: Result<String, SocketError>? = nil,
                    power: ScreenPower? = nil, service: ServiceLifecycle? = nil, logger: Logger,
                    onEmit: ((EmittedEvent) -> Void)? = nil, screenshot: @escaping () throws -> Surface) {
            self.configPath = configPath
            self.adapters = adapters
            self.controlPath = controlPath
            self.power = power
            self.service = service
            self.logger = logger
            self.onEmit = onEmit
            self.screenshot = screenshot
        }
    }

    /// Builds the panels of `config` on `screen` and shows the start panel.
    public init(screen: Screen, config: KioskConfigSpec, scheduler: any Scheduler, setup: Setup) {
        self.screen = screen
        self.scheduler = scheduler
        configPath = setup.configPath
        logger = setup.logger
        self.setup = setup
        let logger = setup.logger
        let baseDirectory = Self.directory(of: setup.configPath)
        host = PanelHost(screen: screen, config: config, adapters: setup.adapters, baseDirectory: baseDirectory,
                         scheduler: scheduler)
        host.log = { message in logger.info(message) }
        host.live.clock = setup.wallClock ?? .matching(scheduler)
        host.onEmit = setup.onEmit ?? { event in logger.info("emit \(event.jsonLine)") }
        let service = setup.service
        host.onPanelChange = { _, panel in service?.content = "panel \(panel)" }
        // Sources write what formulas read; `updated` is on the clock `now` reads.
        let live = host.live
        sources = SourceSet(specs: config.sources, scheduler: scheduler, baseDirectory: baseDirectory,
                            log: { message in logger.warning(message) }, wallTime: { live.now }, live: setup.runsSources)
        for name in sources.names {
            live.setSource(name, sources.value(of: name) ?? .initial)
        }
        keyboard = OnScreenKeyboard(layout: .forLocale(host.config.theme.locale))
        keyboard.attach(to: screen)
        // Made after the host's own handlers: the endpoint chains its events behind them.
        if let controlPath = setup.controlPath {
            do {
                let path = try controlPath.get()
                endpoint = try ControlEndpoint(host: host, loop: scheduler, path: path, configPath: configPath,
                                               components: setup.adapters.registry, logger: logger,
                                               screenshot: setup.screenshot)
                endpoint?.handler.sources = sources
                logger.info("control socket: \(path)")
            } catch {
                logger.error("no control socket: \(error)")
            }
        }
        host.start()
        nowTicker = NowTicker(host: host, scheduler: scheduler)
        idle = IdleBehaviour(settings: IdleBehaviour.settings(host.config.display.idle), screen: screen,
                             host: host, power: setup.power, scheduler: scheduler)
        idle.log = { message in logger.error(message) }
        host.screenControl = idle
        brightness = BrightnessBinding(spec: host.config.display.brightness, host: host, idle: idle, scheduler: scheduler)
        if let movePicture = setup.movePicture {
            antiburn = AntiburnShift(spec: host.config.display.antiburn, scheduler: scheduler, move: movePicture)
            antiburn?.log = { message in logger.error(message) }
        }
        endpoint?.reportTransitions(of: idle)
        // Every reload that passes validation, whoever asked for it, applies the new `display.idle`
        // at once, counting the time already idle.
        host.reloadPhaseDidEnd = { [weak self] phase in
            service?.workMadeProgress()
            guard let self, phase == .laidOut else { return }
            idle.update(IdleBehaviour.settings(host.config.display.idle), at: scheduler.now)
            brightness?.update(host.config.display.brightness)
            antiburn?.update(host.config.display.antiburn)
            sources.update(specs: host.config.sources)
            if mqtt?.spec != host.config.mqtt {
                // On the loop's next turn: the reload may have come over MQTT, and its reply goes
                // out on the connection in use before that connection is replaced.
                do {
                    try scheduler.addTimer(after: 0) { [weak self] in
                        // Another reload may have come first and made the new connection already.
                        guard let self, mqtt?.spec != host.config.mqtt else { return }
                        startMQTT()
                    }
                } catch {
                    startMQTT()
                }
            } else {
                mqtt?.sourcesDidChange()
            }
        }
        // Values arrive from the loop, so nothing is missed by setting this last.
        sources.onChange = { [weak live, weak self] name, value in
            self?.trace?.sourceUpdated(name)
            live?.setSource(name, value)
        }
        startMQTT()
    }

    /// (Re)joins the broker of the config in force; a reload that changed `mqtt:` comes here too.
    private func startMQTT() {
        mqtt?.stop()
        mqtt = nil
        guard setup.runsSources, let spec = host.config.mqtt else { return }
        // One handler for both transports: the control socket's when there is one.
        let handler = endpoint?.handler ?? PanelControlHandler(
            host: host, registry: setup.adapters.registry, configPath: configPath,
            // Only `screenshot {"path"}` writes there, and the bridge answers `screenshot` itself.
            runtimeDirectory: RuntimeDirectory.directory(of: configPath), screenshot: setup.screenshot)
        handler.sources = sources
        mqtt = MQTTBridge(spec: spec, host: host, handler: handler, idle: idle, scheduler: scheduler, logger: logger,
                          configPath: configPath, screenshot: setup.screenshot)
    }

    /// The config in force: the one loaded at start, or the last reload that passed validation.
    public var config: KioskConfigSpec { host.config }

    /// An input event, in the screen's points: it passes through the idle logic (which may keep
    /// it from the views), and restarts the idle time.
    public func handle(_ event: InputEvent) {
        trace?.input(event)
        let now = scheduler.now
        screen.currentTime = now
        let event = antiburn?.pictureLocation(of: event, scale: screen.scale) ?? event
        let admitted = idle.admit(event, at: now)
        if admitted { screen.dispatch(event) }
    }

    /// Someone used an input device, whether or not it made an event: a dim or black screen wakes.
    public func noteActivity() {
        idle.noteActivity(at: scheduler.now)
    }

    /// Reads the config file again. A config that fails validation changes nothing (the errors are
    /// logged); one that passes is reconciled into the running panels, idle settings included.
    public func reload() {
        if let errors = host.reload(path: configPath) {
            logger.error("\(configPath) was not reloaded; the running panels stay:\n\(errors.description)")
        } else {
            logger.notice("reloaded \(configPath)")
        }
    }

    /// Steps panel transitions to a frame's presentation time.
    public func step(at time: Double) {
        host.step(at: time)
    }

    /// Closes the control socket, disarms the idle timer and the panels' timers and stops the
    /// sources: the screen is being replaced, or the kiosk stops.
    public func close() {
        mqtt?.stop()
        mqtt = nil
        endpoint?.close()
        endpoint = nil
        idle.stop()
        brightness?.stop()
        brightness = nil
        antiburn?.stop()
        nowTicker?.stop()
        nowTicker = nil
        host.stopTimers()
        sources.stop()
    }

    private static func directory(of path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }
}

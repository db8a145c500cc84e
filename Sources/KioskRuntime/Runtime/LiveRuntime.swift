import FoundationEssentials
import Glibc
import KioskCompositor
import KioskDRM
import KioskGraphics
import KioskInput
import KioskPlatform
import KioskUI

/// The kiosk on a real display: one event loop that watches the card (page-flip events), the input
/// seat, DRM hotplug events, the seat manager, the frame and watchdog timers, and the signals, and
/// renders `rootView` whenever it changes, paced at the display's refresh rate.
///
/// The card and the input devices come from the seat (`SeatMonitor`). When the seat is taken away
/// (a switch to another VT) rendering and input stop and the seat manager takes the devices; when
/// it comes back, everything is repainted. The display may be absent at start and may come and go
/// (`DisplayConnection`); rendering stops while it is gone. Idle blanking switches it off once the
/// black frame is shown (`DisplayPowerSwitch`).
///
/// SIGTERM and SIGINT end `run()` cleanly (the CRTC shows what it showed before), SIGHUP asks the
/// delegate to reload, SIGUSR1 logs the frame statistics. What runs on the kiosk — panels, or the
/// dashboard demo — hears about screens, frames and input through its `LiveRuntimeDelegate`.
public final class LiveRuntime {
    public let loop: EventLoop
    public let frames: FrameLoop
    public let logger: Logger
    public let service: ServiceLifecycle
    public let options: RuntimeOptions
    public let rootView: View

    /// Hears about screens, frames, input and reloads (see `LiveRuntimeDelegate`); held weakly.
    public weak var delegate: LiveRuntimeDelegate?

    public var display: DRMDisplay? { displays.display }
    public var screen: Screen? { displays.screen }
    public var compositor: Compositor? { frames.compositor }
    public private(set) var input: InputManager?
    public var seat: SeatSession? { seatMonitor.session }

    private let displays: DisplayConnection
    private let seatMonitor: SeatMonitor
    private let displayPower: DisplayPowerSwitch
    private var hasLoggedFirstFrame = false
    private var knownDevices: Set<String> = []
    private var exitError: (any Error)?

    /// Sets up the loop only; nothing is opened until `run()`.
    public init(rootView: View, options: RuntimeOptions = RuntimeOptions(), logger: Logger = .standard(),
                notifier: ServiceNotifier = ServiceNotifier()) throws {
        self.rootView = rootView
        self.options = options
        self.logger = logger
        service = ServiceLifecycle(notifier: notifier, logger: logger)
        loop = try EventLoop()
        frames = FrameLoop(loop: loop)
        displays = DisplayConnection(options: options, rootView: rootView, loop: loop, frames: frames, service: service,
                                     logger: logger)
        seatMonitor = SeatMonitor(logger: logger)
        displayPower = DisplayPowerSwitch(logger: logger)
        displays.delegate = self
        seatMonitor.delegate = self
        frames.onFramePresented = { [unowned self] _ in self.framePresented() }
        frames.beforeFrame = { [unowned self] in self.readInput() }
        frames.onRenderError = { [unowned self] error in
            self.logger.error("rendering stopped: \(error)")
        }
    }

    /// Opens the seat, then the display (or waits for one), the input devices and the hotplug
    /// monitor, and runs until SIGTERM or SIGINT. Throws when the seat, the card or the input
    /// devices cannot be used at all.
    public func run() throws {
        try loop.addSignals([.terminate, .interrupt, .hangup, .user1]) { [unowned self] signal in
            self.handle(signal)
        }
        try displays.watchHotplug()
        try seatMonitor.open(preference: options.deviceAccess, on: loop)
        if !seatMonitor.hasActivated {
            // Started while another VT is in front: the seat enables when the kiosk's VT is shown.
            logger.notice("the seat is not active yet (another session is in front); waiting for it")
            service.waitingForSeat()
        }
        try service.armWatchdog(on: loop) { [unowned self] in self.frames.isHealthy(now: self.loop.now) }

        try loop.run()
        shutDown()
        if let exitError { throw exitError }
    }

    /// The card and the input devices, once the seat is active; then the start-up summary.
    private func openDevices() throws {
        guard let seat else { return }
        displays.cardOpener = SeatDeviceOpener(seat: seat)
        try displays.openOrWait()

        let input = try InputManager(configuration: InputConfiguration(
            seat: options.seat, devicePaths: options.inputDevicePaths, keymap: options.keymap,
            mapper: inputMapper()), opener: SeatDeviceOpener(seat: seat))
        self.input = input
        try loop.addReadable(fileDescriptor: input.fileDescriptor) { [unowned self] in self.readInput() }
        readInput()

        logger.logStartup(StartupSummary(
            version: options.version, backend: "drm", card: display?.devicePath, connector: display?.connectorName,
            mode: display?.mode.description, rotationDegrees: options.rotation.rawValue,
            inputDevices: input.devices.map(\.name), configPath: options.configPath))
        if display == nil { service.waitingForDisplay() }
    }

    private func framePresented() {
        displayPower.framePresented(on: display, frames: FrameActivity(frames))
        guard !hasLoggedFirstFrame, let display else { return }
        hasLoggedFirstFrame = true
        logger.info("first frame presented")
        service.framePresented(on: "\(display.connectorName) \(display.mode)")
    }

    // MARK: Display power

    /// Idle blanking: once the frame on screen is the last one to show (the black one), the display
    /// is switched off (DPMS), and kept off until `keepDisplayOn()`.
    public func switchDisplayOffWhenSettled() {
        displayPower.switchOffWhenSettled(display, frames: FrameActivity(frames))
    }

    /// Input came, before the display was switched off or after: it stays on, or comes back on with
    /// the next frame.
    public func keepDisplayOn() {
        displayPower.keepOn(display)
    }

    // MARK: Input

    private func inputMapper() -> CoordinateMapper {
        CoordinateMapper(displayWidth: display?.mode.width ?? 1280, displayHeight: display?.mode.height ?? 800,
                         calibration: options.calibration,
                         rotation: options.rotation)
    }

    private func readInput() {
        guard let input else { return }
        for event in input.readEvents() {
            delegate?.liveRuntime(self, didReceive: inUIPoints(event))
        }
        if input.sawUserActivity { delegate?.liveRuntimeDidSeeUserActivity(self) }
        if let problem = input.takeKeymapProblem() { logger.error(problem) }
        logDeviceChanges(of: input)
    }

    /// Touchscreens and keyboards come and go; the log says which, so a missing one is visible.
    private func logDeviceChanges(of input: InputManager) {
        let devices = Set(input.devices.map(\.description))
        guard devices != knownDevices else { return }
        for added in devices.subtracting(knownDevices).sorted() { logger.info("input device added: \(added)") }
        for removed in knownDevices.subtracting(devices).sorted() { logger.info("input device removed: \(removed)") }
        knownDevices = devices
    }

    /// The mapper works in display pixels; the UI in points.
    private func inUIPoints(_ event: InputEvent) -> InputEvent {
        guard case .touch(var sample) = event, options.scale != 1 else { return event }
        sample.location = Point(x: sample.location.x / options.scale, y: sample.location.y / options.scale)
        return .touch(sample)
    }

    // MARK: Signals, watchdog, exit

    private func handle(_ signal: LoopSignal) {
        switch signal {
        case .terminate, .interrupt:
            logger.notice("\(signal): stopping at " + String(cFormat: "%.3f s", loop.now))
            loop.stop()
        case .hangup:
            logger.notice("SIGHUP: reloading")
            service.reloading { delegate?.liveRuntimeShouldReload(self) }
        case .user1:
            logger.notice(statisticsLine)
        }
    }

    /// "frames: presented 12, flips completed 12, empty 0, wakeups 40, at 81.250 s" (monotonic
    /// clock): two of them give the frame rate in between.
    public var statisticsLine: String {
        "frames: presented \(frames.framesPresented), flips completed \(frames.flipsCompleted), "
            + "empty \(frames.emptyFrames), wakeups \(loop.wakeupCount), at "
            + String(cFormat: "%.3f s", loop.now)
    }

    private func fail(_ error: any Error) {
        exitError = error
        loop.stop()
    }

    private func shutDown() {
        service.stopping()
        frames.detach()
        displays.close()
        logger.info("stopped; \(statisticsLine)")
    }
}

// MARK: Seat

extension LiveRuntime: SeatMonitorDelegate {
    func seatMonitorDidActivate(_ monitor: SeatMonitor) throws {
        try openDevices()
    }

    /// The seat is taken away (a switch to another VT): stop presenting and reading input, so the
    /// seat manager can have the devices. Changes made meanwhile are shown on return.
    func seatMonitorWillSwitchAway(_ monitor: SeatMonitor) {
        logger.notice("switched away from the seat: rendering and input paused")
        frames.pause()
        displays.pause()
        input?.suspend()
        service.sessionPaused()
    }

    /// The seat is back in front: take the devices again and repaint everything.
    func seatMonitorDidSwitchBack(_ monitor: SeatMonitor) {
        logger.notice("the seat is back: repainting")
        if let input, !input.resume() { logger.error("input devices could not be reopened after the switch") }
        guard display != nil else {
            frames.resume()
            return
        }
        guard displays.resumeAfterSwitch() else { return }
        service.sessionResumed()
        frames.resume()
    }

    func seatMonitor(_ monitor: SeatMonitor, didFailWith error: any Error) {
        fail(error)
    }
}

// MARK: Display

extension LiveRuntime: DisplayConnectionDelegate {
    func displayConnectionMayUseDevices(_ connection: DisplayConnection) -> Bool {
        seatMonitor.isActive && seatMonitor.hasActivated
    }

    func displayConnection(_ connection: DisplayConnection, didCreate screen: Screen) {
        delegate?.liveRuntime(self, didCreate: screen)
    }

    func displayConnection(_ connection: DisplayConnection, willRender compositor: Compositor) {
        compositor.addFrameObserver { [unowned self] time in self.delegate?.liveRuntime(self, willPaintFrameAt: time) }
        input?.mapper = inputMapper()
        delegate?.liveRuntime(self, willRenderWith: compositor)
    }

    func displayConnection(_ connection: DisplayConnection, didFailWith error: any Error) {
        fail(error)
    }
}

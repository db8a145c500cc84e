import Foundation
import KioskCompositor
import KioskDRM
import KioskGraphics
import KioskInput
import KioskUI

/// The kiosk on a real display: one event loop that watches the card (page-flip events), the input
/// seat, DRM hotplug events, the seat manager, the frame and watchdog timers, and the signals, and
/// renders `rootView` whenever it changes, paced at the display's refresh rate.
///
/// The card and the input devices come from the seat (`SeatSession`: seatd or logind, else a
/// direct open). When the seat is taken away (a switch to another VT) rendering and input stop
/// and the seat manager takes the devices; when it comes back, everything is repainted.
///
/// SIGTERM and SIGINT end `run()` cleanly (the CRTC shows what it showed before), SIGHUP calls
/// `reloadHandler`, SIGUSR1 logs the frame statistics. The display may be absent at start and may
/// come and go; rendering stops while it is gone.
public final class LiveRuntime {
    public let loop: EventLoop
    public let frames: FrameLoop
    public let logger: Logger
    public let service: ServiceLifecycle
    public let options: RuntimeOptions
    public let rootView: View

    /// Every input event, in UI points, read in one batch before the next frame.
    public var inputHandler: ((InputEvent) -> Void)?
    /// After a batch in which someone used an input device, once its events went to
    /// `inputHandler`: also for input that makes no event (a modifier key alone), so idle timers
    /// see every touch of the kiosk.
    public var activityHandler: (() -> Void)?
    /// SIGHUP: reload the configuration.
    public var reloadHandler: (() -> Void)?
    /// Called with each screen the runtime builds for a display mode (the first one, and a new one
    /// when a replugged display comes back with another size), before its first frame.
    public var onScreenCreated: ((Screen) -> Void)?
    /// Called before each frame is painted with its presentation time (animations step here).
    public var willPaint: ((Double) -> Void)? {
        didSet { compositor?.willPaint = willPaint }
    }

    public private(set) var display: DRMDisplay?
    public private(set) var screen: Screen?
    public var compositor: Compositor? { frames.compositor }
    public private(set) var input: InputManager?
    public private(set) var seat: SeatSession?

    private var hotplug: DisplayHotplugMonitor?
    private var displaySourceID: EventSourceID?
    private var hasLoggedFirstFrame = false
    private var knownDevices: Set<String> = []
    private var exitError: (any Error)?
    private var hasOpenedDevices = false
    /// True from idle blanking until input wakes the screen: the display is kept off, switched off
    /// again after any frame that switched it on (the repaint after a VT switch back).
    private var keepsDisplayOff = false

    /// Sets up the loop only; nothing is opened until `run()`.
    public init(rootView: View, options: RuntimeOptions = RuntimeOptions(), logger: Logger = .standard(),
                notifier: ServiceNotifier = ServiceNotifier()) throws {
        self.rootView = rootView
        self.options = options
        self.logger = logger
        service = ServiceLifecycle(notifier: notifier)
        loop = try EventLoop()
        frames = FrameLoop(loop: loop)
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
        let monitor = try DisplayHotplugMonitor()
        hotplug = monitor
        try loop.addReadable(fileDescriptor: monitor.fileDescriptor) { [unowned self] in self.handleHotplugEvents() }

        let seat = try SeatSession(preference: options.deviceAccess,
                                   onEnable: { [unowned self] in self.seatEnabled() },
                                   onDisable: { [unowned self] in self.seatDisabled() }, logger: logger)
        self.seat = seat
        if let descriptor = seat.descriptor {
            try loop.addReadable(fileDescriptor: descriptor) { [unowned self] in
                do { try seat.handleReadable() } catch { self.fail(error) }
            }
        }
        switch seat.access {
        case .seat(let name): logger.info("devices through the seat \(name)")
        case .direct: logger.info("devices opened directly (no seat manager)")
        }
        if seat.isActive {
            try openDevices()
        } else {
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
        guard let seat, !hasOpenedDevices else { return }
        hasOpenedDevices = true
        do {
            try openDisplay()
        } catch let error as DRMError where Self.isWaitable(error) {
            logger.warning("\(error); waiting for a display")
        }

        let input = try InputManager(configuration: InputConfiguration(
            seat: options.seat, keymap: options.keymap, mapper: inputMapper()), opener: seat)
        self.input = input
        try loop.addReadable(fileDescriptor: input.fileDescriptor) { [unowned self] in self.readInput() }
        readInput()

        logger.logStartup(StartupSummary(
            version: options.version, backend: "drm", card: display?.devicePath, connector: display?.connectorName,
            mode: display?.mode.description, rotationDegrees: options.rotation.rawValue,
            inputDevices: input.devices.map(\.name), configPath: options.configPath))
        if display == nil { service.waitingForDisplay() }
    }

    // MARK: Seat

    /// The seat is taken away (a switch to another VT): stop presenting and reading input, then
    /// let the seat manager have the devices. Changes made meanwhile are shown on return.
    private func seatDisabled() {
        logger.notice("switched away from the seat: rendering and input paused")
        frames.pause()
        display?.pause()
        input?.suspend()
        service.sessionPaused()
        seat?.acknowledgeDisable()
    }

    /// The seat is (back) in front: take the devices again and repaint everything, since the
    /// other session drew over the screen. The first enable may be the one the kiosk started
    /// waiting for.
    private func seatEnabled() {
        // During SeatSession's init: `run()` opens the devices once the seat is stored.
        guard seat != nil else { return }
        guard hasOpenedDevices else {
            do { try openDevices() } catch { fail(error) }
            return
        }
        logger.notice("the seat is back: repainting")
        if let input, !input.resume() { logger.error("input devices could not be reopened after the switch") }
        guard let display else {
            frames.resume()
            return
        }
        do {
            try display.resume()
        } catch {
            logger.error("taking the display back after the switch: \(error)")
            return
        }
        // The display may have been unplugged or changed mode while another session had it.
        reprobe(display)
        frames.compositor?.repaintEverything()
        service.sessionResumed()
        frames.resume()
    }

    // MARK: Display

    /// No card with a display yet, or its display is unplugged: worth waiting for a hotplug event.
    static func isWaitable(_ error: DRMError) -> Bool {
        switch error {
        case .noCardFound, .noConnectedConnector: true
        default: false
        }
    }

    private func openDisplay() throws {
        let display = try DRMDisplay(devicePath: options.devicePath, mode: options.mode,
                                     connectorName: options.connectorName, opener: cardOpener())
        self.display = display
        displaySourceID = try loop.addReadable(fileDescriptor: display.fileDescriptor) { [unowned self] in
            self.dispatchFlipEvents()
        }
        logger.info("display: \(display.devicePath) \(display.connectorName) \(display.mode)"
                        + (display.usesAtomicCommits ? " atomic" : " legacy"))
        startRendering(on: display)
    }

    /// Builds the screen and compositor for the display's current mode (again when the size
    /// changed) and starts the frame loop on it.
    private func cardOpener() -> DeviceOpener {
        guard let seat else { return KioskDRM.DirectDeviceOpener() }
        return SeatCardOpener(seat: seat)
    }

    private func startRendering(on display: DRMDisplay) {
        let buffer = options.rotation.logicalSize(forBufferWidth: display.mode.width, height: display.mode.height)
        let size = Size(width: Double(buffer.width) / options.scale, height: Double(buffer.height) / options.scale)
        let screen = Screen(size: size, scale: options.scale, environment: options.environment, rootView: rootView)
        self.screen = screen
        onScreenCreated?(screen)
        let compositor = Compositor(screen: screen, output: display, rotation: options.rotation)
        compositor.willPaint = willPaint
        input?.mapper = inputMapper()
        frames.attach(compositor, refreshInterval: display.refreshInterval)
    }

    private func dispatchFlipEvents() {
        guard let display else { return }
        do {
            for completion in try display.dispatchEvents() { frames.flipCompleted(at: completion.timestamp) }
        } catch {
            logger.error("reading page-flip events: \(error)")
        }
    }

    private func handleHotplugEvents() {
        guard let hotplug else { return }
        let events = hotplug.pendingEvents()
        // While another session has the seat the devices are not ours; the return re-reads them.
        guard !events.isEmpty, seat?.isActive == true, hasOpenedDevices else { return }
        guard let display else {
            do {
                try openDisplay()
            } catch let error as DRMError where Self.isWaitable(error) {
                logger.info("still waiting for a display: \(error)")
            } catch {
                fail(error)
            }
            return
        }
        reprobe(display)
    }

    /// Re-reads the connector: stops rendering when the display is gone, starts again (on a new
    /// screen when the size changed) when it is back.
    private func reprobe(_ display: DRMDisplay) {
        do {
            switch try display.reprobe() {
            case .unchanged:
                break
            case .disconnected:
                logger.warning("display \(display.connectorName) disconnected; rendering stops until it returns")
                service.displayDisconnected(display.connectorName)
                frames.detach()
            case .connected(let mode, let buffersReplaced):
                logger.notice("display \(display.connectorName) connected: \(mode)")
                if buffersReplaced || frames.compositor == nil || screenSizeDiffers(for: display) {
                    startRendering(on: display)
                } else if let compositor = frames.compositor {
                    compositor.repaintEverything()
                    frames.attach(compositor, refreshInterval: display.refreshInterval)
                }
            }
        } catch {
            logger.error("re-reading the display after a hotplug event: \(error)")
        }
    }

    private func screenSizeDiffers(for display: DRMDisplay) -> Bool {
        guard let screen else { return true }
        let buffer = options.rotation.logicalSize(forBufferWidth: display.mode.width, height: display.mode.height)
        return screen.pixelBounds.width != buffer.width || screen.pixelBounds.height != buffer.height
    }

    private func framePresented() {
        switchDisplayOffIfSettled()
        guard !hasLoggedFirstFrame, let display else { return }
        hasLoggedFirstFrame = true
        logger.info("first frame presented")
        service.framePresented(on: "\(display.connectorName) \(display.mode)")
    }

    // MARK: Display power

    /// Idle blanking: once the frame on screen is the last one to show (the black one), the display
    /// is switched off (DPMS), and kept off until `keepDisplayOn()`.
    public func switchDisplayOffWhenSettled() {
        keepsDisplayOff = true
        switchDisplayOffIfSettled()
    }

    /// Input came, before the display was switched off or after: it stays on, or comes back on with
    /// the next frame.
    public func keepDisplayOn() {
        keepsDisplayOff = false
        if display?.isPoweredOff == true { logger.info("display on: switched on by the next frame") }
    }

    private func switchDisplayOffIfSettled() {
        guard keepsDisplayOff, let display, !display.isPoweredOff, let compositor = frames.compositor,
              !frames.isFlipPending, !frames.isFrameScheduled, !compositor.needsFrame else { return }
        do {
            try display.powerOff()
            logger.info("display off (idle)")
        } catch {
            keepsDisplayOff = false
            logger.warning("could not switch the display off; it stays on showing black: \(error)")
        }
    }

    // MARK: Input

    private func inputMapper() -> CoordinateMapper {
        CoordinateMapper(displayWidth: display?.mode.width ?? 1280, displayHeight: display?.mode.height ?? 800,
                         calibration: options.calibration,
                         rotation: InputRotation(rawValue: options.rotation.rawValue) ?? .none)
    }

    private func readInput() {
        guard let input else { return }
        for event in input.readEvents() {
            inputHandler?(inUIPoints(event))
        }
        if input.sawUserActivity { activityHandler?() }
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
            logger.notice("\(signal): stopping at " + String(format: "%.3f s", loop.now))
            loop.stop()
        case .hangup:
            logger.notice("SIGHUP: reloading")
            service.reloading { reloadHandler?() }
        case .user1:
            logger.notice(statisticsLine)
        }
    }

    /// "frames: presented 12, flips completed 12, empty 0, wakeups 40, at 81.250 s" (monotonic
    /// clock): two of them give the frame rate in between.
    public var statisticsLine: String {
        "frames: presented \(frames.framesPresented), flips completed \(frames.flipsCompleted), "
            + "empty \(frames.emptyFrames), wakeups \(loop.wakeupCount), at "
            + String(format: "%.3f s", loop.now)
    }

    private func fail(_ error: any Error) {
        exitError = error
        loop.stop()
    }

    private func shutDown() {
        service.stopping()
        frames.detach()
        if let displaySourceID { loop.remove(displaySourceID) }
        do { try display?.restore() } catch { logger.error("the console was not restored: \(error)") }
        logger.info("stopped; \(statisticsLine)")
    }
}

import FoundationEssentials
import Glibc
import KioskCompositor
import KioskDRM
import KioskGraphics
import KioskPlatform
import KioskUI

/// What a `DisplayConnection` asks of, and tells, the runtime it serves.
protocol DisplayConnectionDelegate: AnyObject {
    /// Whether the devices are the kiosk's to use: not while another session has the seat, nor
    /// before they were first opened.
    func displayConnectionMayUseDevices(_ connection: DisplayConnection) -> Bool
    /// A screen was built for the display's mode, before its compositor.
    func displayConnection(_ connection: DisplayConnection, didCreate screen: Screen)
    /// The compositor for that screen, before the frame loop starts on it.
    func displayConnection(_ connection: DisplayConnection, willRender compositor: Compositor)
    /// A display appeared but cannot be used: the runtime stops with `error`.
    func displayConnection(_ connection: DisplayConnection, didFailWith error: any Error)
}

/// The display as it comes and goes: opened at start or when a hotplug event brings one, re-read
/// (reprobed) after every hotplug event and after a VT switch back, and rendered on a screen of its
/// mode's size by the frame loop. Rendering stops while the display is unplugged; a display back at
/// another size gets a new screen.
final class DisplayConnection {
    weak var delegate: DisplayConnectionDelegate?
    private(set) var display: DRMDisplay?
    private(set) var screen: Screen?
    /// How the card is opened: through the seat once the runtime has one.
    var cardOpener: DeviceOpener = DirectDeviceOpener()

    private let options: RuntimeOptions
    private let rootView: View
    private let loop: EventLoop
    private let frames: FrameLoop
    private let service: ServiceLifecycle
    private let logger: Logger
    private var hotplug: DisplayHotplugMonitor?
    private var displaySourceID: EventSourceID?

    init(options: RuntimeOptions, rootView: View, loop: EventLoop, frames: FrameLoop, service: ServiceLifecycle,
         logger: Logger) {
        self.options = options
        self.rootView = rootView
        self.loop = loop
        self.frames = frames
        // A DRM display runs on the real clock: the window grows with the measured paint times.
        frames.repaintWindowFollowsPaintTime = true
        self.service = service
        self.logger = logger
    }

    /// Listens for DRM hotplug events (connectors changing, cards appearing).
    func watchHotplug() throws {
        let monitor = try DisplayHotplugMonitor()
        hotplug = monitor
        try loop.addReadable(fileDescriptor: monitor.fileDescriptor) { [unowned self] in self.handleHotplugEvents() }
    }

    /// Opens the display and starts rendering on it; with no card or no connected display yet, it
    /// waits for a hotplug event instead. Throws for a display that is there but cannot be used.
    func openOrWait() throws {
        do {
            try open()
        } catch let error as DRMError where Self.isWaitable(error) {
            logger.warning("\(error); waiting for a display")
        }
    }

    /// No card with a display yet, or its display is unplugged: worth waiting for a hotplug event.
    static func isWaitable(_ error: DRMError) -> Bool {
        switch error {
        case .noCardFound, .noConnectedConnector: true
        default: false
        }
    }

    private func open() throws {
        let display = try DRMDisplay(devicePath: options.devicePath, mode: options.mode,
                                     connectorName: options.connectorName, opener: cardOpener)
        self.display = display
        displaySourceID = try loop.addReadable(fileDescriptor: display.fileDescriptor) { [unowned self] in
            self.dispatchFlipEvents()
        }
        logger.info("display: \(display.devicePath) \(display.connectorName) \(display.mode) "
                        + String(cFormat: "(%.2f Hz)", display.mode.refreshRate)
                        + (display.usesAtomicCommits ? " atomic" : " legacy"))
        startRendering(on: display)
    }

    /// Builds the screen and compositor for the display's current mode (again when the size
    /// changed) and starts the frame loop on it.
    private func startRendering(on display: DRMDisplay) {
        let buffer = bufferSize(of: display)
        let size = Size(width: Double(buffer.width) / options.scale, height: Double(buffer.height) / options.scale)
        let screen = Screen(size: size, scale: options.scale, environment: options.environment, rootView: rootView,
                            scheduler: loop)
        self.screen = screen
        delegate?.displayConnection(self, didCreate: screen)
        let compositor = Compositor(screen: screen, output: display, rotation: options.rotation)
        delegate?.displayConnection(self, willRender: compositor)
        startFrames(compositor, on: display)
    }

    /// Runs the frame loop on the display, its frames started late in the refresh interval once
    /// its flips show when its vblanks fall.
    private func startFrames(_ compositor: Compositor, on display: DRMDisplay) {
        frames.attach(compositor, refreshInterval: display.refreshInterval,
                      timeline: FlipTimeline(refreshInterval: display.refreshInterval))
    }

    /// The display's buffer as the UI sees it: turned with the rotation.
    private func bufferSize(of display: DRMDisplay) -> (width: Int, height: Int) {
        options.rotation.logicalSize(forBufferWidth: display.mode.width, height: display.mode.height)
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
        guard !events.isEmpty, delegate?.displayConnectionMayUseDevices(self) == true else { return }
        guard let display else {
            do {
                try open()
            } catch let error as DRMError where Self.isWaitable(error) {
                logger.info("still waiting for a display: \(error)")
            } catch {
                delegate?.displayConnection(self, didFailWith: error)
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
                    startFrames(compositor, on: display)
                }
            }
        } catch {
            logger.error("re-reading the display after a hotplug event: \(error)")
        }
    }

    private func screenSizeDiffers(for display: DRMDisplay) -> Bool {
        guard let screen else { return true }
        let buffer = bufferSize(of: display)
        return screen.pixelBounds.width != buffer.width || screen.pixelBounds.height != buffer.height
    }

    // MARK: VT switches

    /// Another session takes the seat: the display stops presenting.
    func pause() {
        display?.pause()
    }

    /// The seat is back: takes the display again, re-reads it (it may have been unplugged or
    /// changed mode while another session had it) and repaints everything, since the other session
    /// drew over the screen. False, with the error logged, when the display cannot be taken back.
    func resumeAfterSwitch() -> Bool {
        guard let display else { return true }
        do {
            try display.resume()
        } catch {
            logger.error("taking the display back after the switch: \(error)")
            return false
        }
        reprobe(display)
        frames.compositor?.repaintEverything()
        return true
    }

    /// At exit: stops watching the card and gives the CRTC back what it showed before the kiosk.
    func close() {
        if let displaySourceID { loop.remove(displaySourceID) }
        displaySourceID = nil
        do { try display?.restore() } catch { logger.error("the console was not restored: \(error)") }
    }
}

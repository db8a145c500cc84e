import CDRM
import KioskGraphics
import KioskPlatform

/// A display driven through DRM/KMS: one connector, its CRTC and primary plane, and a swapchain of
/// CPU-mapped XRGB8888 buffers. One flip is in flight at a time; completion arrives as an event on
/// `fileDescriptor`, which the runtime's loop watches and answers with `dispatchEvents()`.
public final class DRMDisplay: DisplayOutput {
    /// "/dev/dri/card0"
    public let devicePath: String
    /// "Virtual-1", "HDMI-A-1"
    public var connectorName: String { pipeline.connector.name }
    public private(set) var mode: DisplayMode
    public private(set) var buffers: [ScanoutBuffer] = []
    /// Seconds between vblanks of the current mode.
    public var refreshInterval: Double { mode.refreshInterval }
    /// The card's descriptor: readable when a flip event is waiting.
    public var fileDescriptor: Int32 { device.descriptor }
    /// True when commits go through the atomic API (else legacy SetCrtc/PageFlip).
    public var usesAtomicCommits: Bool { device.supportsAtomic }
    /// True when the kernel is told which rectangles changed (FB_DAMAGE_CLIPS).
    public var sendsDamageClips: Bool { presenter.sendsDamage }
    /// False while the display is unplugged, while the session is switched away (`pause()`), and
    /// after `restore()`: nothing is presented then.
    public var isActive: Bool { isConnected && !isPaused && !restored }
    /// True between `pause()` and `resume()`.
    public private(set) var isPaused = false
    /// True while the screen is switched off by `powerOff()`, until the next present switches it on.
    public private(set) var isPoweredOff = false
    public var isFlipPending: Bool { pendingIndex != nil }
    /// Called for every completed flip, from `dispatchEvents()`.
    public var onFlipComplete: ((FlipCompletion) -> Void)?

    let device: DRMDevice
    let pipeline: OutputPipeline
    let savedCRTC: SavedCRTC
    private let modeRequest: DisplayModeRequest?
    private let presenter: ScanoutPresenter
    private let flipEvents = FlipEventReader()
    private var kernelMode: KernelMode
    private var swapchain: [DumbBuffer] = []
    private var frontIndex: Int?
    private var pendingIndex: Int?
    private var needsModeset = true
    private(set) var isConnected = true
    private var restored = false

    /// Opens the card (the explicit `devicePath`, else the first card udev reports with a connected
    /// display), becomes DRM master, and prepares `bufferCount` buffers in the requested mode (else
    /// the connector's preferred one). The first modeset is tried in a test commit, so a mode the
    /// driver refuses fails here. Nothing is shown until the first `present`.
    public init(devicePath: String? = nil, mode request: DisplayModeRequest? = nil, connectorName: String? = nil,
                bufferCount: Int = 2, allowAtomic: Bool = true, opener: DeviceOpener = DirectDeviceOpener()) throws {
        let path = try CardDiscovery.chooseCard(explicitPath: devicePath)
        let device = try DRMDevice(path: path, opener: opener, allowAtomic: allowAtomic)
        let connectors = try device.connectors()
        let connector = try Self.chooseConnector(named: connectorName, from: connectors, device: path)
        let kernelMode = try Self.chooseMode(request, on: connector, device: path)
        let pipeline = try OutputPipeline.choose(on: device, for: connector)

        self.devicePath = path
        self.device = device
        self.pipeline = pipeline
        self.modeRequest = request
        self.kernelMode = kernelMode
        self.mode = kernelMode.mode
        self.savedCRTC = try device.savedCRTC(id: pipeline.crtcID)
        self.presenter = device.supportsAtomic
            ? try AtomicPresenter(device: device, pipeline: pipeline) : try LegacyPresenter(device: device, pipeline: pipeline)
        try allocateBuffers(count: max(bufferCount, 2))
        let first = swapchain[0]
        try presenter.testModeset(framebuffer: first.framebufferID, size: (first.width, first.height), mode: kernelMode)
    }

    deinit {
        // The display lives and dies on the kiosk's one thread: put the console back on the way out.
        // An owner that wants the failure calls `restore()` first; here it can only be told.
        MainActor.assumeIsolated {
            do { try restore() } catch { reportToStandardError("kiosk: the console was not restored: \(error)") }
        }
    }

    // MARK: DisplayOutput

    public func nextFreeBuffer() -> Int? {
        guard isActive, pendingIndex == nil else { return nil }
        guard let frontIndex else { return 0 }
        return (frontIndex + 1) % swapchain.count
    }

    /// Shows a buffer. `damage` (buffer pixels) should be everything written into this buffer for this
    /// frame — its buffer-age damage: that covers what changed since the previous frame (what
    /// FB_DAMAGE_CLIPS means for most drivers) and what changed since this buffer was last shown (what
    /// drivers that upload per buffer, like virtio-gpu on older kernels, need).
    public func present(bufferIndex: Int, damage: Region) throws {
        guard isActive else { throw DRMError.displayDisconnected(device: devicePath, connector: connectorName) }
        guard pendingIndex == nil else { throw DRMError.invalidPresent(reason: "a page flip is still in flight") }
        guard swapchain.indices.contains(bufferIndex) else {
            throw DRMError.invalidPresent(reason: "buffer \(bufferIndex) does not exist (there are \(swapchain.count))")
        }
        let buffer = swapchain[bufferIndex]
        try presenter.show(framebuffer: buffer.framebufferID, size: (buffer.width, buffer.height), mode: kernelMode,
                           damage: damage, modeset: needsModeset, userData: flipEvents.userData)
        needsModeset = false
        isPoweredOff = false
        pendingIndex = bufferIndex
    }

    // MARK: Events

    /// Reads the flip events that are ready (call when `fileDescriptor` is readable) and returns them;
    /// each also goes to `onFlipComplete`.
    @discardableResult
    public func dispatchEvents() throws -> [FlipCompletion] {
        let events = try flipEvents.read(from: device.descriptor, device: devicePath)
        var completions: [FlipCompletion] = []
        for event in events {
            guard let shown = pendingIndex else { continue }
            frontIndex = shown
            pendingIndex = nil
            let completion = FlipCompletion(bufferIndex: shown, timestamp: event.timestamp, sequence: event.sequence)
            completions.append(completion)
            onFlipComplete?(completion)
        }
        return completions
    }

    // MARK: Lifetime

    /// Puts back the CRTC as it was found (the console, or the previous program's picture) and stops
    /// presenting; throws when the kernel refuses (the screen then keeps the kiosk's last frame).
    /// Called by deinit too; calling it twice does nothing.
    public func restore() throws {
        guard !restored else { return }
        restored = true
        // While paused another session owns the display: what it shows is not ours to change.
        guard !isPaused else { return }
        let saved = savedCRTC
        let result: Int32
        if var mode = saved.mode, saved.framebuffer != 0 {
            var connector = pipeline.connector.id
            result = drmModeSetCrtc(device.descriptor, saved.id, saved.framebuffer, saved.x, saved.y, &connector, 1, &mode)
        } else {
            result = drmModeSetCrtc(device.descriptor, saved.id, 0, 0, 0, nil, 0, nil)
        }
        guard result == 0 else { throw device.failure("drmModeSetCrtc (restoring CRTC \(saved.id))") }
    }

    // MARK: Session switches

    /// The session is switching away (another VT takes the display): presenting stops until
    /// `resume()`. The seat manager (seatd, logind) takes DRM master away itself.
    public func pause() {
        isPaused = true
    }

    /// The session is back: DRM master is taken again when the seat has not handed it back
    /// already, a flip left over from before is forgotten, and the next present programs the mode
    /// again, since the other session may have changed anything. The caller repaints everything:
    /// what is on screen now is not ours.
    public func resume() throws {
        guard isPaused else { return }
        if drmIsMaster(device.descriptor) == 0 { try device.acquireMaster() }
        // A flip event of before the switch may still be queued: read (non-blocking) and dropped.
        _ = try flipEvents.read(from: device.descriptor, device: devicePath)
        isPaused = false
        pendingIndex = nil
        frontIndex = nil
        needsModeset = true
    }

    // MARK: Power

    /// Switches the display off (DPMS off) for a blanked kiosk: the CRTC is disabled on atomic
    /// drivers, the connector's DPMS property set on legacy ones. The next `present` switches it on
    /// again with a modeset. A flip in flight is completed first, by the kernel, as usual.
    public func powerOff() throws {
        guard isActive, !isPoweredOff else { return }
        guard pendingIndex == nil else { throw DRMError.invalidPresent(reason: "a page flip is still in flight") }
        try presenter.powerOff()
        isPoweredOff = true
        needsModeset = true
    }

    // MARK: Setup helpers shared with hotplug handling

    func allocateBuffers(count: Int) throws {
        swapchain = []   // free the old ones first: dumb buffers are scarce on small devices
        swapchain = try (0..<count).map { _ in try DumbBuffer(device: device, width: mode.width, height: mode.height) }
        buffers = swapchain.map { ScanoutBuffer(pixels: $0.pixels, stride: $0.stride, width: $0.width, height: $0.height) }
        frontIndex = nil
    }

    func adopt(_ newMode: KernelMode) throws {
        let sizeChanged = newMode.mode.width != mode.width || newMode.mode.height != mode.height
        kernelMode = newMode
        mode = newMode.mode
        if sizeChanged { try allocateBuffers(count: swapchain.count) }
        needsModeset = true
        isConnected = true
    }

    func deactivate() {
        isConnected = false
    }

    var requestedMode: DisplayModeRequest? { modeRequest }

    static func chooseConnector(named name: String?, from connectors: [ConnectorState], device: String) throws
        -> ConnectorState {
        if let name {
            guard let connector = connectors.first(where: { $0.name == name }) else {
                throw DRMError.unknownConnector(device: device, requested: name, available: connectors.map(\.name))
            }
            guard connector.isConnected else {
                throw DRMError.noConnectedConnector(device: device, connectors: connectors.map(\.statusDescription))
            }
            return connector
        }
        guard let connector = connectors.first(where: { $0.isConnected && !$0.modes.isEmpty }) else {
            throw DRMError.noConnectedConnector(device: device, connectors: connectors.map(\.statusDescription))
        }
        return connector
    }

    static func chooseMode(_ request: DisplayModeRequest?, on connector: ConnectorState, device: String) throws
        -> KernelMode {
        let modes = connector.modes.map(\.mode)
        guard let chosen = modes.chosen(for: request), let index = modes.firstIndex(of: chosen) else {
            throw DRMError.unknownMode(device: device, connector: connector.name,
                                       requested: request?.description ?? "preferred",
                                       available: modes.map(\.description).uniqued())
        }
        return connector.modes[index]
    }
}

extension ConnectorState {
    var statusDescription: String { "\(name) (\(isConnected ? "connected" : "disconnected"))" }
}

extension [String] {
    /// The strings in their first-seen order, without repeats (mode lists repeat sizes).
    func uniqued() -> [String] {
        var seen = Set<String>()
        return filter { seen.insert($0).inserted }
    }
}

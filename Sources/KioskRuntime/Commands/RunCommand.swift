import FoundationEssentials
import Glibc
import KioskCompositor
import KioskConfig
import KioskDRM
import KioskGraphics
import KioskInput
import KioskPlatform
import KioskUI

/// `kiosk run [--config FILE] [--backend auto|drm|headless] [--device PATH] [--connector NAME] [--mode WxH[@Hz]]
/// [--rotation 0|90|180|270] [--scale S] [--seat NAME] [--device-access auto|seat|direct] [--keyboard-layout us] [--appearance light|dark]
/// [--ring PERCENT] [--demo-animate] [--out FILE.png] [--once] [--trace FILE.json]`.
public enum RunCommand {
    public static func run(_ arguments: Arguments) throws {
        FontConfiguration.preload()
        if let configPath = arguments.value("config") {
            switch try backend(arguments) {
            case "drm": try PanelsOnDisplay.run(configPath: configPath, arguments: arguments)
            default: try runPanels(configPath: configPath, arguments: arguments)
            }
            return
        }
        switch try backend(arguments) {
        case "drm": try runOnDisplay(arguments)
        default: try runHeadless(arguments)
        }
    }

    /// auto: the display when a card has a connected connector, else headless, saying why on stderr.
    static func backend(_ arguments: Arguments) throws -> String {
        let backend = arguments.value("backend") ?? "auto"
        guard ["auto", "headless", "drm"].contains(backend) else {
            throw UsageError("--backend wants auto, drm or headless; got '\(backend)'")
        }
        guard backend == "auto" else { return backend }
        if arguments.value("device") != nil { return "drm" }
        let reason: String
        do {
            let cards = try CardDiscovery.cards()
            if cards.contains(where: \.hasConnectedDisplay) { return "drm" }
            reason = DRMError.noCardFound(searched: cards.map(\.path)).description
        } catch {
            reason = "the DRM cards could not be listed through udev: \(error)"
        }
        StandardError.write("kiosk: running headless: \(reason)\n")
        return "headless"
    }

    // MARK: Display

    static func runOnDisplay(_ arguments: Arguments) throws {
        let logger = Logger.standard()
        let dashboard = try makeDashboard(arguments)
        let runtime = try LiveRuntime(rootView: dashboard.root, options: try runtimeOptions(arguments), logger: logger)
        let demo = DashboardDemo(dashboard: dashboard, animates: arguments.flag("demo-animate"), logger: logger)
        runtime.delegate = demo
        let instruments = try FrameInstruments(arguments: arguments, frames: runtime.frames)
        defer { instruments.close() }
        // The runtime holds its delegate weakly.
        try withExtendedLifetime(demo) { try runtime.run() }
    }

    static func runtimeOptions(_ arguments: Arguments) throws -> RuntimeOptions {
        var options = RuntimeOptions(devicePath: arguments.value("device"), connectorName: arguments.value("connector"),
                                     environment: Environment(appearance: try arguments.appearance() ?? .light))
        if let mode = arguments.value("mode") { options.mode = try DisplayModeRequest(parsing: mode) }
        if let text = arguments.value("rotation") {
            guard let degrees = Int(text), let rotation = Rotation(rawValue: degrees) else {
                throw UsageError("--rotation wants 0, 90, 180 or 270; got '\(text)'")
            }
            options.rotation = rotation
        }
        if let text = arguments.value("scale") {
            guard let scale = Double(text), scale > 0 else { throw UsageError("--scale wants a positive number; got '\(text)'") }
            options.scale = scale
        }
        if let seat = arguments.value("seat") { options.seat = seat }
        if let access = arguments.value("device-access") {
            switch access {
            case "auto": options.deviceAccess = .automatic
            case "seat": options.deviceAccess = .seatOnly
            case "direct": options.deviceAccess = .directOnly
            default: throw UsageError("--device-access wants auto, seat or direct; got '\(access)'")
            }
        }
        if let layout = arguments.value("keyboard-layout") { options.keymap = Keymap(layout: layout) }
        return options
    }

    /// The reference dashboard, with the ring at `--ring PERCENT` when given.
    static func makeDashboard(_ arguments: Arguments) throws -> ReferenceDashboard {
        let dashboard = ReferenceDashboard()
        if let text = arguments.value("ring") {
            guard let percent = Double(text), (0...100).contains(percent) else {
                throw UsageError("--ring wants a percentage from 0 to 100; got '\(text)'")
            }
            dashboard.ring.value = percent / 100
        }
        return dashboard
    }

    // MARK: Headless

    /// The reference dashboard on the headless display, run by the frame loop on the real event loop
    /// (the vblank is a timer there too); the frame is written once it is on screen.
    static func runHeadless(_ arguments: Arguments) throws {
        let size = try arguments.size("size") ?? ReferenceDashboard.size
        let loop = try EventLoop()
        let instruments = try FrameInstruments(arguments: arguments)
        defer { instruments.close() }
        let display = HeadlessDisplay(size: size, environment: Environment(appearance: try arguments.appearance() ?? .light),
                                      rootView: try makeDashboard(arguments).root, scheduler: instruments.scheduler(for: loop))
        instruments.attach(to: display.frames)
        while display.framesPresented == 0 && display.isBusy { try loop.runOnce() }
        notifyFirstFrame(size: size)
        while display.isBusy { try loop.runOnce() }
        // Named only now: the first frame needs no file (and a start then runs none of FileManager).
        let path = arguments.value("out") ?? defaultFramePath()
        try display.snapshot().writePNG(replacing: path)
        let output = standardOutput(on: loop, logger: Logger.standard())
        defer { output.finish(waitingUpTo: 5) }
        output.write("kiosk: no display found, running headless at \(Int(size.width))x\(Int(size.height))")
        output.write("kiosk: frame written to \(path)")
        if arguments.flag("once") { return }
        output.write("kiosk: idle until interrupted (Ctrl-C)")
        // After each change, the frame is written again once nothing more is coming.
        let frameFile = FrameFileWriter(display: display, path: path, logger: Logger.standard())
        try loop.addSignals([.terminate, .interrupt]) { _ in loop.stop() }
        try withExtendedLifetime(frameFile) { try loop.run() }
    }

    /// Standard output for a kiosk that runs until stopped: lines wait (up to a bound) for a reader
    /// that is slow, those past the bound are dropped and counted in the log, and a reader that goes
    /// away ends the lines, not the kiosk (SIGPIPE is ignored from here on).
    static func standardOutput(on loop: EventLoop, logger: Logger) -> QueuedLineWriter {
        signal(SIGPIPE, SIG_IGN)
        let output = QueuedLineWriter(fileDescriptor: STDOUT_FILENO, scheduler: loop)
        output.onDropped = { count in
            logger.warning("\(count) line\(count == 1 ? " was" : "s were") dropped from standard output: it was not read fast enough")
        }
        output.onClosed = { reason in logger.warning("standard output is no longer written: \(reason)") }
        return output
    }

    /// Headless with a config: the panels run on the real event loop (frame loop, timers, idle and
    /// control socket as on a device), `emit` events go to stdout as JSON lines, the frame is written
    /// again after every change, and the config is reloaded on SIGHUP or when the file changes (a bad
    /// edit keeps the running one).
    /// Stdout never holds the loop (`standardOutput(on:logger:)`).
    static func runPanels(configPath: String, arguments: Arguments) throws {
        let loop = try EventLoop()
        let logger = Logger.standard()
        let output = standardOutput(on: loop, logger: logger)
        // What is still waiting goes out at the end, if the reader takes it within a few seconds.
        defer { output.finish(waitingUpTo: 5) }
        let once = arguments.flag("once")
        // Without a usable socket directory the panels still run; the log says why.
        let controlPath = once ? nil : Result { () throws(SocketError) in try ControlEndpoint.path(from: arguments) }
        // The start panel's on_show runs while the session is made: its events come first.
        let instruments = try FrameInstruments(arguments: arguments)
        defer { instruments.close() }
        let session = try HeadlessPanelSession.load(path: configPath, size: try arguments.size("size"),
                                                    appearance: try arguments.appearance(), scheduler: instruments.scheduler(for: loop),
                                                    controlPath: controlPath, logger: logger) { event in output.write(event.jsonLine) }
        let host = session.host
        host.log = { message in LogLineWriter.standardError.write("kiosk: \(message)\n") }
        instruments.attach(to: session.display.frames)
        session.kiosk.trace = instruments.trace
        session.kiosk.endpoint?.handler.statistics = { [unowned loop] in instruments.statistics.json(wakeups: loop.wakeupCount) }
        while session.display.framesPresented == 0 && session.display.isBusy { try loop.runOnce() }
        let size = session.display.screen.size
        notifyFirstFrame(size: size)
        while session.display.isBusy { try loop.runOnce() }
        let path = arguments.value("out") ?? defaultFramePath()
        try session.snapshot().writePNG(replacing: path)
        output.write("kiosk: running \(configPath) headless at \(Int(size.width))x\(Int(size.height)), panel '\(host.currentPanelID)'")
        output.write("kiosk: frame written to \(path)")
        if once { return }
        try host.watch(path: configPath, loop: loop)
        try loop.addSignals([.terminate, .interrupt]) { _ in loop.stop() }
        defer { session.kiosk.close() }
        if case .success(let socketPath) = controlPath, session.kiosk.endpoint != nil {
            output.write("kiosk: control socket \(socketPath) (try: kiosk ctl --socket \(socketPath) subscribe)")
        }
        let remote = arguments.flag("no-remote") ? nil : startRemoteView(config: session.kiosk.config, configPath: configPath,
                                                                           display: session.display, receiver: session.kiosk, logger: logger,
                                                                           say: output.write)
        // After a reload, an action or an idle step, the new frame is written once nothing more is coming.
        let frameFile = FrameFileWriter(display: session.display, path: path, logger: logger)
        try withExtendedLifetime((frameFile, remote)) { try loop.run() }
    }

    /// The live preview: headless, the screen is served over VNC on loopback (the first free port
    /// from 5900) unless the config's `remote.vnc` says where; the address is printed. Without
    /// one the panels still run, and the log says why.
    static func startRemoteView(config: KioskConfigSpec, configPath: String, display: HeadlessDisplay, receiver: any InputReceiver,
                                logger: Logger, say: (String) -> Void) -> RemoteView? {
        do {
            let settings = try config.remote.vnc.map { vnc throws(RemoteViewError) in
                try RemoteView.Settings(vnc, baseDirectory: URL(fileURLWithPath: configPath).deletingLastPathComponent().path)
            } ?? .livePreview
            let view = try RemoteView(settings: settings, compositor: display.compositor, loop: display.loop, logger: logger)
            view.receiver = receiver
            let first = settings.ports.lowerBound
            let busy = view.port == first ? "" : view.port == first + 1 ? " (\(first) was in use)" : " (\(first)-\(view.port - 1) were in use)"
            say("kiosk: remote view \(view.address)\(busy) (open it in a VNC viewer; --no-remote turns it off)")
            return view
        } catch {
            logger.error("remote view off: \(error)")
            return nil
        }
    }

    /// READY=1 once the first frame has been painted and handed to the display, with the memory
    /// the process holds then (kiosk-bench's start and memory rows read both). Without a
    /// NOTIFY_SOCKET nothing is sent.
    static func notifyFirstFrame(size: Size) {
        let notifier = ServiceNotifier()
        guard notifier.isSupervised else { return }
        let resident = FrameStatistics.residentBytes().map { ", \($0 / 1024) KiB resident" } ?? ""
        try? notifier.notifyReady(status: "headless \(Int(size.width))x\(Int(size.height)), first frame shown\(resident)")
    }

    /// In the runtime directory when there is one, else the current directory.
    static func defaultFramePath() -> String {
        if let runtime = ProcessInfo.processInfo.environment["RUNTIME_DIRECTORY"] { return runtime + "/frame.png" }
        return FileManager.default.currentDirectoryPath + "/kiosk-frame.png"
    }
}

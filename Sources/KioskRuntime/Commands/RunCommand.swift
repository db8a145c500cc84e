import Foundation
import KioskGraphics
import KioskUI

/// `kiosk run [--config FILE] [--backend auto|headless] [--size WxH] [--out FILE.png] [--once]`.
public enum RunCommand {
    public static func run(_ arguments: Arguments) throws {
        let backend = arguments.value("backend") ?? "auto"
        guard ["auto", "headless", "drm"].contains(backend) else {
            throw UsageError("--backend wants auto, drm or headless; got '\(backend)'")
        }
        if backend == "drm" {
            throw UsageError("the drm backend is not available in this build; use --backend headless")
        }
        if let configPath = arguments.value("config") {
            try runPanels(configPath: configPath, arguments: arguments)
            return
        }
        let size = try arguments.size("size") ?? ReferenceDashboard.size
        let display = HeadlessDisplay(size: size, environment: Environment(appearance: try arguments.appearance() ?? .light),
                                      rootView: ReferenceDashboard().root)
        let path = arguments.value("out") ?? defaultFramePath()
        try display.snapshot().writePNG(to: path)
        print("kiosk: no display found, running headless at \(Int(size.width))x\(Int(size.height))")
        print("kiosk: frame written to \(path)")
        if arguments.flag("once") { return }
        print("kiosk: idle until interrupted (Ctrl-C)")
        waitForTermination()
    }

    /// Headless with a config: the start panel is rendered, `emit` events go to stdout as JSON lines,
    /// and the config is reloaded on SIGHUP or when the file changes (a bad edit keeps the running one).
    static func runPanels(configPath: String, arguments: Arguments) throws {
        let session = try HeadlessPanelSession.load(path: configPath, size: try arguments.size("size"),
                                                    appearance: try arguments.appearance())
        let host = session.host
        // The start panel's on_show ran while the session was made.
        for event in host.emittedEvents { print(event.jsonLine) }
        host.onEmit = { event in print(event.jsonLine) }
        host.log = { message in FileHandle.standardError.write(Data("kiosk: \(message)\n".utf8)) }
        let path = arguments.value("out") ?? defaultFramePath()
        try session.snapshot().writePNG(to: path)
        let size = session.display.screen.size
        print("kiosk: running \(configPath) headless at \(Int(size.width))x\(Int(size.height)), panel '\(host.currentPanelID)'")
        print("kiosk: frame written to \(path)")
        if arguments.flag("once") { return }
        let loop = try EventLoop()
        try host.watch(path: configPath, loop: loop)
        try loop.addSignals([.terminate, .interrupt]) { _ in loop.stop() }
        // After a reload or an action, write the new frame.
        session.display.screen.onFrameRequest = {
            _ = try? loop.addTimer(after: 0) { try? session.snapshot().writePNG(to: path) }
        }
        try loop.run()
    }

    /// In the runtime directory when there is one, else the current directory.
    static func defaultFramePath() -> String {
        if let runtime = ProcessInfo.processInfo.environment["RUNTIME_DIRECTORY"] { return runtime + "/frame.png" }
        return FileManager.default.currentDirectoryPath + "/kiosk-frame.png"
    }

    /// Blocks with no wakeups until SIGINT or SIGTERM.
    static func waitForTermination() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        sigprocmask(SIG_BLOCK, &signals, nil)
        var received: Int32 = 0
        sigwait(&signals, &received)
    }
}

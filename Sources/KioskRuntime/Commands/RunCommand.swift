import Foundation
import KioskGraphics
import KioskUI

/// `kiosk run [--config FILE] [--backend auto|headless] [--out FILE.png] [--once]`.
public enum RunCommand {
    public static func run(_ arguments: Arguments) throws {
        let backend = arguments.value("backend") ?? "auto"
        guard ["auto", "headless", "drm"].contains(backend) else {
            throw UsageError("--backend wants auto, drm or headless; got '\(backend)'")
        }
        if backend == "drm" {
            throw UsageError("the drm backend is not available in this build; use --backend headless")
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

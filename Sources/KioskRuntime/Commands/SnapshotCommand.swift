import KioskConfig
import KioskGraphics
import KioskUI

/// `kiosk snapshot [FILE --panel ID] --out FILE.png [--size WxH] [--appearance light|dark] [--accessibility] [--gallery]`:
/// renders a config's panel headless (without a file: the reference dashboard, or with `--gallery`
/// every component) and writes the frame.
public enum SnapshotCommand {
    public static func run(_ arguments: Arguments, adapters: AdapterTable = .standard) throws {
        guard let path = arguments.value("out") else { throw UsageError("snapshot needs --out FILE.png") }
        let appearance = try arguments.appearance()
        guard let configPath = arguments.positional.first else {
            let gallery = arguments.flag("gallery")
            let size = try arguments.size("size") ?? (gallery ? ComponentGallery.size : ReferenceDashboard.size)
            let root = gallery ? ComponentGallery().root : ReferenceDashboard().root
            let display = HeadlessDisplay(size: size, environment: Environment(appearance: appearance ?? .light),
                                          rootView: root)
            try display.snapshot().writePNG(to: path)
            print("wrote \(path) (\(Int(size.width))x\(Int(size.height)), \((appearance ?? .light).rawValue))")
            return
        }
        // A picture of the panels, not of this machine's sources: the same on every run.
        let session = try HeadlessPanelSession.load(path: configPath, size: try arguments.size("size"), appearance: appearance,
                                                    adapters: adapters, runsSources: false)
        if let panel = arguments.value("panel") {
            guard session.host.config.panel(id: panel) != nil else {
                throw UsageError("no panel '\(panel)' in \(configPath); panels: "
                                 + session.host.config.panels.map(\.id).joined(separator: ", "))
            }
            session.host.goto(panel, transition: .none)
        }
        let picture = try session.snapshot()
        try picture.writePNG(to: path)
        print("wrote \(path) (panel \(session.host.currentPanelID), \(picture.width)x\(picture.height), "
              + "\(session.host.appearance.rawValue))")
        if arguments.flag("accessibility") {
            print(AccessibilityTree.describe(session.host), terminator: "")
        }
    }
}

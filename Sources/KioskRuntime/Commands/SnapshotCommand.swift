import KioskGraphics
import KioskUI

/// `kiosk snapshot --out FILE.png [--size WxH] [--appearance light|dark] [--gallery]`: renders
/// headless and writes the frame (the reference dashboard, or with `--gallery` every component).
public enum SnapshotCommand {
    public static func run(_ arguments: Arguments) throws {
        guard let path = arguments.value("out") else { throw UsageError("snapshot needs --out FILE.png") }
        let size = try arguments.size("size") ?? ReferenceDashboard.size
        let appearance = try arguments.appearance() ?? .light
        let root = arguments.flag("gallery") ? ComponentGallery().root : ReferenceDashboard().root
        let display = HeadlessDisplay(size: size, environment: Environment(appearance: appearance), rootView: root)
        try display.snapshot().writePNG(to: path)
        print("wrote \(path) (\(Int(size.width))x\(Int(size.height)), \(appearance.rawValue))")
    }
}

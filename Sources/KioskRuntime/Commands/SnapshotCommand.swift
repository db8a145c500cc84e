import KioskGraphics
import KioskUI

/// `kiosk snapshot --out FILE.png [--size WxH] [--appearance light|dark]`: renders headless and
/// writes the frame.
public enum SnapshotCommand {
    public static func run(_ arguments: Arguments) throws {
        guard let path = arguments.value("out") else { throw UsageError("snapshot needs --out FILE.png") }
        let size = try arguments.size("size") ?? ReferenceDashboard.size
        let appearance = try arguments.appearance() ?? .light
        let display = HeadlessDisplay(size: size, environment: Environment(appearance: appearance),
                                      rootView: ReferenceDashboard().root)
        try display.snapshot().writePNG(to: path)
        print("wrote \(path) (\(Int(size.width))x\(Int(size.height)), \(appearance.rawValue))")
    }
}

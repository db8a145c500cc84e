import Foundation
import KioskConfig
import KioskGraphics
import KioskRuntime

/// A config written to a temporary file and loaded into a headless panel session.
@MainActor
final class PanelSessionFixture {
    let directory: String
    let path: String
    let session: HeadlessPanelSession
    var host: PanelHost { session.host }
    var logged: [String] = []

    init(_ yaml: String, size: Size = Size(width: 400, height: 300)) throws {
        directory = NSTemporaryDirectory() + "panel-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        path = directory + "/kiosk.yaml"
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        session = try HeadlessPanelSession.load(path: path, size: size)
        host.log = { [unowned self] in self.logged.append($0) }
        try session.renderUntilIdle()
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Writes a new version of the config and reloads it; returns the errors of a refused one.
    @discardableResult
    func edit(_ yaml: String) throws -> ConfigErrors? {
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        let errors = host.reload(path: path)
        try session.renderUntilIdle()
        return errors
    }

    func picture() throws -> Surface {
        try session.snapshot().copy()
    }

    func frame(of id: String) -> PixelRect {
        let view = session.display.screen.view(withID: id)!
        let a = view.convert(Point(x: 0, y: 0), to: nil)
        let b = view.convert(Point(x: view.bounds.width, y: view.bounds.height), to: nil)
        return PixelRect(x: Int(a.x.rounded(.down)), y: Int(a.y.rounded(.down)),
                         width: Int(b.x.rounded(.up)) - Int(a.x.rounded(.down)), height: Int(b.y.rounded(.up)) - Int(a.y.rounded(.down)))
    }

    var lastDamage: Region { session.display.compositor.lastDamage }
}

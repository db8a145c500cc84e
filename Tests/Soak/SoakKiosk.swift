import Foundation
import KioskCompositor
import KioskConfig
import KioskGraphics
import KioskPlatform
import KioskRuntime
import KioskUI

/// The showcase config running headless the way `kiosk run` runs it on a board: panels, the
/// on-screen keyboard, `display.idle` (dim, blank, back to start) on the virtual clock, the control
/// socket's request handler, and the log. Input goes through the idle logic first, as on a device.
final class SoakKiosk {
    let session: HeadlessPanelSession
    var host: PanelHost { session.host }
    var driver: HeadlessDriver { session.driver }
    var screen: Screen { driver.screen }
    var idle: IdleBehaviour { session.idle }
    let control: PanelControlHandler
    let configPath: String
    private let directory: String
    private let originalYAML: String
    private let variantYAML: String
    private(set) var runsVariant = false

    /// Log lines that report a problem (everything but the line a good reload writes).
    private(set) var problems: [String] = []
    /// Control requests the handler refused, with the reply.
    private(set) var refusals: [String] = []
    /// Touch samples and key events delivered (whether or not the idle logic let them through).
    private(set) var inputEvents = 0
    private(set) var controlRequests = 0
    private(set) var reloads = 0

    var now: Double { driver.loop.now }

    init(configPath original: String) throws {
        originalYAML = try String(contentsOfFile: original, encoding: .utf8)
        variantYAML = try ConfigVariant.apply(to: originalYAML)
        directory = NSTemporaryDirectory() + "kiosk-soak-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        configPath = directory + "/kiosk.yaml"
        try originalYAML.write(toFile: configPath, atomically: true, encoding: .utf8)
        // The variant must be a valid config, or every other reload would be a refused one.
        let variantPath = directory + "/variant.yaml"
        try variantYAML.write(toFile: variantPath, atomically: true, encoding: .utf8)
        if case .failure(let errors) = ConfigLoader(registry: AdapterTable.standard.registry).load(path: variantPath) {
            throw ConfigVariant.Missing(description: "the soak's config variant is not valid:\n\(errors.description)")
        }
        try FileManager.default.removeItem(atPath: variantPath)

        session = try HeadlessPanelSession.load(path: configPath)
        let session = session
        control = PanelControlHandler(host: session.host, registry: AdapterTable.standard.registry, configPath: configPath,
                                      runtimeDirectory: directory) {
            try session.snapshot()
        }
        host.log = { [unowned self] message in
            if !message.hasPrefix("reloaded ") { problems.append(message) }
        }
        try driver.settle()
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    // MARK: Time

    /// Lets `seconds` of virtual time pass: frames are made while wanted, screen timers fire, and
    /// the idle behaviour dims, blanks and returns to the start panel when its deadlines fall due.
    func wait(_ seconds: Double) throws {
        try driver.advance(by: seconds)
    }

    /// Makes frames until nothing moves (or `limit` virtual seconds pass).
    func settle(limit: Double = 5) throws {
        try driver.settle(limit: limit)
    }

    // MARK: Input

    private var nextTouchID = 1

    func deliver(_ event: InputEvent) {
        inputEvents += 1
        driver.deliver(event)
    }

    func touchDown(at point: Point) -> Int {
        let id = nextTouchID
        nextTouchID += 1
        deliver(.touch(TouchSample(id: id, phase: .began, location: point, timestamp: now)))
        return id
    }

    func touch(_ id: Int, _ phase: TouchPhase, at point: Point) {
        deliver(.touch(TouchSample(id: id, phase: phase, location: point, timestamp: now)))
    }

    func tap(at point: Point, holding seconds: Double = 0.06) throws {
        let id = touchDown(at: point)
        try wait(seconds)
        touch(id, .ended, at: point)
    }

    func drag(from start: Point, to end: Point, duration: Double) throws {
        let id = touchDown(at: start)
        let steps = max(1, Int((duration / driver.display.refreshInterval).rounded()))
        for step in 1...steps {
            try wait(duration / Double(steps))
            let t = Double(step) / Double(steps)
            touch(id, .moved, at: Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
        }
        touch(id, .ended, at: end)
    }

    func press(_ key: Key) {
        deliver(.key(KeyEvent(key: key, isDown: true, timestamp: now)))
        deliver(.key(KeyEvent(key: key, isDown: false, timestamp: now)))
    }

    // MARK: Control socket

    /// A request as a client sends it: a JSON line, parsed and decoded by the socket's own code.
    @discardableResult
    func request(_ json: JSONValue) throws -> ControlReply {
        controlRequests += 1
        let line = json.serialized
        let reply = control.handle(try ControlRequest(json: try JSONParser.parse(line)))
        if case .error(let message) = reply { refusals.append("\(line) -> \(message)") }
        return reply
    }

    /// Writes the other of the two configs to the config path and reloads it, as a file change does.
    func reloadOtherConfig() throws {
        runsVariant.toggle()
        try (runsVariant ? variantYAML : originalYAML).write(toFile: configPath, atomically: true, encoding: .utf8)
        reloads += 1
        try request(["cmd": "reload"])
        idle.update(IdleBehaviour.settings(host.config.display.idle), at: now)
    }

    // MARK: Checks

    /// How the presented frame differs from a full repaint of the screen as it is now: nothing when
    /// they agree. Meaningful only once nothing is pending: the front buffer shows the last frame
    /// made. A difference is written out as pictures, and said with where it lies and which views
    /// with an id paint there, the first thing to look at when a seed is replayed.
    /// `tolerance` is the difference in a channel let pass.
    func repaintDifference(tolerance: UInt8 = 0) -> String? {
        let compositor = driver.compositor
        guard !compositor.needsFrame, let front = driver.display.output.frontSurface else { return nil }
        let full = compositor.renderFullFrame()
        let difference = front.difference(from: full, tolerance: tolerance)
        guard !difference.isEmpty else { return nil }
        let directory = NSTemporaryDirectory()
        try? front.writePNG(to: directory + "kiosk-soak-partial.png")
        try? full.writePNG(to: directory + "kiosk-soak-full.png")
        try? difference.image?.writePNG(to: directory + "kiosk-soak-diff.png")
        let painting = screen.rootView.subtree.filter { view in
            view.id != nil && !view.currentVisualPixelRect().intersection(difference.differingBounds).isEmpty
        }
        let views = painting.map { "\($0.id!) (\(type(of: $0)), \(driver.frameOnScreen(of: $0)))" }
        return "\(difference.differingPixels) pixels of the presented frame differ from a full repaint (by up to \(difference.largestDifference)), in "
            + "\(difference.differingBounds); views with an id painting there: "
            + (views.isEmpty ? "none" : views.joined(separator: ", "))
            + "; see kiosk-soak-{partial,full,diff}.png in \(directory)"
    }
}

import FoundationEssentials
import Glibc
import KioskConfig
import KioskGraphics
import KioskPlatform

/// The control socket of a running kiosk with panels: requests act on the panel host, and
/// subscribers hear what happens on screen — taps, value changes, submits, `emit` actions and panel
/// changes — in the order it happens.
public final class ControlEndpoint {
    public let server: ControlServer
    public let handler: PanelControlHandler
    private let registry: LoopInterestRegistry

    public init(host: PanelHost, loop: any Scheduler, path: String, configPath: String?, components: ComponentRegistry,
                logger: Logger, screenshot: @escaping () throws -> Surface) throws {
        registry = LoopInterestRegistry(loop: loop)
        handler = PanelControlHandler(host: host, registry: components, configPath: configPath,
                                      runtimeDirectory: RuntimeDirectory.directory(of: path), screenshot: screenshot)
        server = try ControlServer(path: path, handler: handler, registry: registry, logger: logger)
        registry.server = server
        let server = self.server
        host.onWidgetEvent = { event, widget, value in
            guard let widget else { return }
            let json = value.map(PanelControlHandler.json) ?? .null
            switch event {
            case "tap": server.broadcast(event: .tap(widget: widget))
            case "change", "commit": server.broadcast(event: .valueChanged(widget: widget, property: "value", value: json))
            case "submit": server.broadcast(event: .submit(widget: widget, value: json))
            default: server.broadcast(event: ControlEvent(name: event, fields: ["widget": .string(widget)]))
            }
        }
        let previousPanelChange = host.onPanelChange
        host.onPanelChange = { from, to in
            previousPanelChange?(from, to)
            server.broadcast(event: .panelChanged(from: from, to: to))
        }
        let previousEmit = host.onEmit
        host.onEmit = { event in
            previousEmit?(event)
            server.broadcast(event: .emit(event.name, value: event.value.map(PanelControlHandler.json)))
        }
    }

    /// `--control PATH`, else `control.sock` in the runtime directory, made and checked first
    /// (see `RuntimeDirectory`).
    public static func path(from arguments: Arguments) throws(SocketError) -> String {
        if let path = arguments.value("control") { return path }
        let directory = RuntimeDirectory.standard(environment: ProcessInfo.processInfo.environment)
        try directory.prepare()
        return directory.socketPath
    }

    public func close() {
        server.close()
    }
}

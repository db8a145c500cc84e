import CDeferredLibraries
import FoundationEssentials
import Glibc
import KioskExpression
import KioskCompositor
import KioskConfig
import KioskGraphics
import KioskInput
import KioskPlatform

/// The kiosk's screen served to VNC viewers, and their pointer and keys taken as the kiosk's own.
///
/// Pictures come from the compositor, never from scanout: after each frame is painted, the frame's
/// damage (the rectangles the display gets) is copied out of the shadow buffer into the server's
/// framebuffer (`VNCServer` says why that is safe beside the viewers' threads). The shadow buffer
/// is the logical, upright picture, so a viewer sees the panels as authored whatever the panel's
/// rotation, and its pixels are logical pixels: divided by the scale they are points, and no
/// rotation applies to them.
///
/// Input is posted by the viewers' threads and applied here, on the loop: the pointer as a touch
/// (one per viewer), keys through xkbcommon's keysyms, both handed to the `receiver` like a
/// device's events, so they wake an idle screen as a local touch does.
public final class RemoteView {
    public struct Settings: Equatable, Sendable {
        public var host: String
        /// Tried in order; the first free one is used.
        public var ports: ClosedRange<Int>
        public var password: String?
        public var viewOnly: Bool

        public init(host: String = VNCSpec.defaultHost, ports: ClosedRange<Int>, password: String? = nil, viewOnly: Bool = false) {
            self.host = host
            self.ports = ports
            self.password = password
            self.viewOnly = viewOnly
        }

        /// What a headless run serves without being asked: loopback, the first free port from 5900.
        public static let livePreview = Settings(ports: VNCSpec.defaultPort...(VNCSpec.defaultPort + 19))

        /// `remote.vnc` of a config; the password file is read relative to `baseDirectory`.
        public init(_ spec: VNCSpec, baseDirectory: String) throws(RemoteViewError) {
            self.init(host: spec.host, ports: spec.port...spec.port, viewOnly: spec.viewOnly)
            if let file = spec.passwordFile {
                password = try Self.readPassword(file.hasPrefix("/") ? file : baseDirectory + "/" + file)
            }
        }

        /// The first line of a regular file of at most 4 KiB.
        static func readPassword(_ path: String) throws(RemoteViewError) -> String {
            let bytes: [UInt8]
            do {
                bytes = try RegularFile.contents(of: path, limit: 4096)
            } catch {
                throw .unreadablePasswordFile(path: path, reason: error.description)
            }
            let line = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first ?? ""
            let password = line.trimmingWhitespace()
            guard !password.isEmpty else { throw .unreadablePasswordFile(path: path, reason: "its first line is empty") }
            return password
        }
    }

    public let settings: Settings
    /// Where viewers connect: `vnc://127.0.0.1:5900`.
    public var address: String { "vnc://\(settings.host):\(server.port)" }
    public var port: Int { server.port }
    /// Viewers connected now.
    public private(set) var viewerCount = 0
    /// Gets the viewers' touches and keys, as a device's; held weakly.
    public weak var receiver: (any InputReceiver)?

    private let loop: any Scheduler
    private let logger: Logger
    private let inbox: RemoteInputQueue
    private var server: VNCServer
    /// Servers of earlier screen sizes, stopped.
    private var stoppedServers: [VNCServer] = []
    private var inboxSource: EventSourceID?
    private weak var compositor: Compositor?
    private var pointer = RemotePointer()

    /// Starts serving `compositor`'s screen. Throws when no port of `settings.ports` is free.
    public init(settings: Settings, compositor: Compositor, loop: any Scheduler, logger: Logger) throws(RemoteViewError) {
        self.settings = settings
        self.loop = loop
        self.logger = logger
        VNCServer.logger = logger
        do { inbox = try RemoteInputQueue() } catch { throw .cannotListen(host: settings.host, ports: settings.ports, reason: error.description) }
        server = try Self.startServer(settings, size: compositor.shadowBuffer, inbox: inbox)
        do {
            inboxSource = try loop.addReadable(fileDescriptor: inbox.fileDescriptor) { [unowned self] in self.applyInput() }
        } catch {
            throw .cannotListen(host: settings.host, ports: settings.ports, reason: error.description)
        }
        attach(compositor)
    }

    isolated deinit {
        if let inboxSource { loop.remove(inboxSource) }
    }

    private static func startServer(_ settings: Settings, size shadow: Surface, inbox: RemoteInputQueue) throws(RemoteViewError)
        -> VNCServer {
        if let failure = kiosk_library_load(KIOSK_LIBRARY_VNCSERVER) {
            throw .cannotListen(host: settings.host, ports: settings.ports, reason: "libvncserver cannot be opened: \(String(cString: failure))")
        }
        guard let server = VNCServer.start(host: settings.host, ports: settings.ports, size: (shadow.width, shadow.height),
                                           password: settings.password, viewOnly: settings.viewOnly, inbox: inbox) else {
            throw .cannotListen(host: settings.host, ports: settings.ports, reason: "in use, or the address is not this machine's")
        }
        return server
    }

    /// Serves `compositor` from now on (a display appeared, or came back at another size). At
    /// another size the server starts again on its port: viewers reconnect to see the new size.
    public func attach(_ compositor: Compositor) {
        guard compositor !== self.compositor else { return }
        self.compositor = compositor
        let shadow = compositor.shadowBuffer
        if shadow.width != server.width || shadow.height != server.height {
            let port = server.port
            var same = settings
            same.ports = port...port
            // The old server is stopped but kept: its viewers' threads may not have ended yet.
            server.stop()
            stoppedServers.append(server)
            do {
                server = try Self.startServer(same, size: shadow, inbox: inbox)
            } catch {
                logger.error("remote view: the screen is now \(shadow.width)x\(shadow.height) but the VNC server could not restart: \(error)")
            }
        }
        // What is on screen now; each frame's damage follows.
        server.update(from: shadow, rects: [PixelRect(x: 0, y: 0, width: shadow.width, height: shadow.height)])
        compositor.addPaintObserver { [weak self, weak compositor] damage in
            guard let self, let compositor, compositor === self.compositor else { return }
            self.server.update(from: compositor.shadowBuffer, rects: damage.rects)
        }
    }

    // MARK: Input

    private func applyInput() {
        let (events, dropped) = inbox.take()
        if dropped > 0 { logger.warning("remote view: \(dropped) input events dropped (viewers sent faster than the kiosk applies)") }
        let now = loop.now
        for event in events {
            switch event {
            case .pointer(let viewer, let x, let y, let buttons):
                guard !settings.viewOnly, let touch = pointer.move(viewer: viewer, to: point(x: x, y: y), buttons: buttons, at: now) else {
                    continue
                }
                receiver?.handle(.touch(touch))
            case .key(let keysym, let isDown):
                guard !settings.viewOnly, let key = KeysymTranslator.keyEvent(forKeysym: keysym, isDown: isDown, timestamp: now) else {
                    continue
                }
                receiver?.handle(.key(key))
            case .viewerConnected(let viewer, let host):
                viewerCount += 1
                logger.info("remote view: viewer \(viewer) connected from \(host) (\(viewerCount) connected)")
            case .viewerLeft(let viewer):
                viewerCount = max(viewerCount - 1, 0)
                logger.info("remote view: viewer \(viewer) left (\(viewerCount) connected)")
                if let touch = pointer.viewerLeft(viewer, at: now) { receiver?.handle(.touch(touch)) }
            }
        }
    }

    /// A framebuffer pixel as a point of the screen, held on it (a viewer may send any 16-bit position).
    private func point(x: Int, y: Int) -> Point {
        let scale = compositor?.screen.scale ?? 1
        let x = Double(min(max(x, 0), server.width - 1))
        let y = Double(min(max(y, 0), server.height - 1))
        return Point(x: x / scale, y: y / scale)
    }
}

/// Why the remote view could not start.
public enum RemoteViewError: Error, Equatable, CustomStringConvertible {
    case cannotListen(host: String, ports: ClosedRange<Int>, reason: String)
    case unreadablePasswordFile(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotListen(let host, let ports, let reason):
            let where_ = ports.count == 1 ? "\(host):\(ports.lowerBound)" : "\(host), ports \(ports.lowerBound) to \(ports.upperBound)"
            return "cannot serve VNC on \(where_): \(reason)"
        case .unreadablePasswordFile(let path, let reason):
            return "cannot read the VNC password from \(path): \(reason)"
        }
    }
}

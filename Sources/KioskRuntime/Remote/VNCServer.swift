import CVNCServer
import FoundationEssentials
import Glibc
import Synchronization
import KioskExpression
import KioskGraphics

/// One libvncserver screen: a listening socket on one IPv4 address, a framebuffer in XRGB8888 (the
/// shadow buffer's format, so rows are copied as they are), and the viewers' threads.
///
/// Threads, and why: libvncserver writes to a viewer with `rfbWriteExact`, which waits (up to
/// `maxClientWait`) while the viewer's socket is full. Driven from the kiosk's loop, one viewer that
/// stops reading would stall every frame. So the library runs in its own threads, one listener and
/// two per viewer (`rfbRunEventLoop` in the background): a stuck viewer blocks only its own output
/// thread. The kiosk's thread never waits on a socket: it copies a frame's damage into this
/// framebuffer and marks it modified, which takes each viewer's update lock only for a region union.
/// While a viewer is behind, the marked regions pile up in its `modifiedRegion`: its next update
/// sends their union once, from the newest pixels (coalescing). A viewer's thread may read pixels
/// while the kiosk writes them; the kiosk marks after writing, and libvncserver takes the region it
/// sends out of `modifiedRegion` before reading, so a torn rectangle is always sent again.
///
/// Input arrives on the viewers' input threads and is only queued (`RemoteInputQueue`); the loop
/// applies it. Nothing here touches views.
nonisolated final class VNCServer: @unchecked Sendable {
    let width: Int
    let height: Int
    let port: Int
    let inbox: RemoteInputQueue

    private let screen: rfbScreenInfoPtr
    private let framebuffer: UnsafeMutableRawPointer
    /// `authPasswdData`: a NULL-terminated list of C strings, alive as long as the screen.
    private var passwordList: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    private let viewOnly: Bool
    private let viewerNumbers = ViewerNumbers()
    /// True once its threads run: a screen whose port was taken has none to stop.
    private var isRunning = false

    /// Where libvncserver's own messages go: its errors (a client that is not a VNC viewer, a
    /// write that timed out) as warnings, its chatter (encodings, statistics) as debug lines.
    /// Set before the first server starts; libvncserver's threads read it.
    nonisolated(unsafe) static var logger: Logger?

    /// Listens on `host` (an IPv4 address) at the first port of `ports` that is free; nil when none is.
    static func start(host: String, ports: ClosedRange<Int>, size: (width: Int, height: Int), password: String?,
                      viewOnly: Bool, inbox: RemoteInputQueue) -> VNCServer? {
        kiosk_vnc_route_logs()
        for port in ports {
            if let server = VNCServer(host: host, port: port, size: size, password: password, viewOnly: viewOnly, inbox: inbox) {
                return server
            }
        }
        return nil
    }

    private init?(host: String, port: Int, size: (width: Int, height: Int), password: String?, viewOnly: Bool,
                  inbox: RemoteInputQueue) {
        width = size.width
        height = size.height
        self.port = port
        self.inbox = inbox
        self.viewOnly = viewOnly
        guard let screen = rfbGetScreen(nil, nil, Int32(width), Int32(height), 8, 3, 4) else { return nil }
        self.screen = screen
        framebuffer = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 16)
        framebuffer.initializeMemory(as: UInt8.self, repeating: 0, count: width * height * 4)
        screen.pointee.frameBuffer = framebuffer.assumingMemoryBound(to: CChar.self)
        // XRGB8888 as cairo keeps it: 0xXXRRGGBB in a native-endian word.
        screen.pointee.serverFormat.redShift = 16
        screen.pointee.serverFormat.greenShift = 8
        screen.pointee.serverFormat.blueShift = 0
        screen.pointee.desktopName = UnsafePointer(strdup("KioskKit"))
        screen.pointee.port = Int32(port)
        // IPv4 only, on the address asked for: libvncserver's default also listens on every IPv6 address.
        screen.pointee.ipv6port = 0
        screen.pointee.listenInterface = inet_addr(host)
        screen.pointee.alwaysShared = 1
        // No cursor drawn into the pictures: a viewer shows its own, and a capture equals the screen.
        screen.pointee.cursor = nil
        screen.pointee.httpDir = nil
        if let password {
            let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 2)
            list[0] = strdup(password)
            list[1] = nil
            passwordList = list
            screen.pointee.authPasswdData = UnsafeMutableRawPointer(list)
            screen.pointee.passwordCheck = rfbCheckPasswordByList
        }
        screen.pointee.screenData = Unmanaged.passUnretained(self).toOpaque()
        screen.pointee.newClientHook = { client in
            guard let client, let server = VNCServer.server(of: client) else { return RFB_CLIENT_REFUSE }
            return server.accept(client)
        }
        screen.pointee.ptrAddEvent = { buttons, x, y, client in
            guard let client, let server = VNCServer.server(of: client) else { return }
            server.inbox.post(.pointer(viewer: VNCServer.viewerNumber(of: client), x: Int(x), y: Int(y), buttons: Int(buttons)))
        }
        screen.pointee.kbdAddEvent = { down, keysym, client in
            guard let client, let server = VNCServer.server(of: client) else { return }
            server.inbox.post(.key(keysym: UInt32(truncatingIfNeeded: keysym), isDown: down != 0))
        }
        kiosk_rfb_init_server(screen)
        // Fully initialised, a failed server is freed by `deinit` like any other.
        guard screen.pointee.listenSock >= 0 else { return nil }
        rfbRunEventLoop(screen, -1, 1)
        isRunning = true
    }

    /// Closes the listening socket and every viewer's; the viewers' threads end on their closed
    /// sockets. The object stays: a thread that has not ended yet may still reach it.
    func stop() {
        guard isRunning else { return }
        isRunning = false
        rfbShutdownServer(screen, 1)
    }

    deinit {
        stop()
        rfbScreenCleanup(screen)
        framebuffer.deallocate()
        freePasswords()
    }

    private func freePasswords() {
        guard let passwordList else { return }
        free(passwordList[0])
        passwordList.deallocate()
        self.passwordList = nil
    }

    /// Copies `rects` of `surface` (XRGB8888, the framebuffer's size) and tells the viewers.
    func update(from surface: Surface, rects: [PixelRect]) {
        guard surface.width == width, surface.height == height, surface.format == .xrgb8888 else { return }
        let source = surface.pixels
        let rowLength = width * 4
        for rect in rects {
            let clipped = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
            if clipped.isEmpty { continue }
            for row in clipped.y..<(clipped.y + clipped.height) {
                memcpy(framebuffer + row * rowLength + clipped.x * 4, source + row * surface.stride + clipped.x * 4, clipped.width * 4)
            }
            rfbMarkRectAsModified(screen, Int32(clipped.x), Int32(clipped.y), Int32(clipped.x + clipped.width),
                                  Int32(clipped.y + clipped.height))
        }
    }

    // MARK: Callbacks (on libvncserver's threads)

    private static func server(of client: rfbClientPtr) -> VNCServer? {
        guard let data = client.pointee.screen?.pointee.screenData else { return nil }
        return Unmanaged<VNCServer>.fromOpaque(data).takeUnretainedValue()
    }

    /// Each viewer's number, kept in its `clientData`: its pointer is a touch of its own.
    private static func viewerNumber(of client: rfbClientPtr) -> Int {
        Int(bitPattern: client.pointee.clientData)
    }

    private func accept(_ client: rfbClientPtr) -> rfbNewClientAction {
        let number = viewerNumbers.next()
        client.pointee.clientData = UnsafeMutableRawPointer(bitPattern: number)
        if viewOnly { client.pointee.viewOnly = 1 }
        let host = client.pointee.host.map { String(cString: $0) } ?? "?"
        inbox.post(.viewerConnected(viewer: number, host: host))
        client.pointee.clientGoneHook = { client in
            guard let client, let server = VNCServer.server(of: client) else { return }
            server.inbox.post(.viewerLeft(viewer: VNCServer.viewerNumber(of: client)))
        }
        return RFB_CLIENT_ACCEPT
    }
}

/// libvncserver's messages, formatted by the shim (see `VNCServer.logger`).
@_cdecl("kiosk_vnc_log_sink")
nonisolated func vncLogSink(_ isError: Int32, _ line: UnsafePointer<CChar>?) {
    guard let line, let logger = VNCServer.logger else { return }
    let text = "vnc: " + String(cString: line).trimmingWhitespace()
    if isError != 0 { logger.warning(text) } else { logger.debug(text) }
}

/// Numbers viewers from 1 in the order they connect, from any thread.
nonisolated private final class ViewerNumbers: @unchecked Sendable {
    private let last = Mutex(0)

    func next() -> Int {
        last.withLock { last in
            last += 1
            return last
        }
    }
}

import CCurl

/// libcurl's multi handle, owned with the transfers added to it. curl does no waiting of its own
/// here: it says through `onSocket` which sockets to watch and through `onTimer` when to call it
/// back, and the owner calls `socketAction` when a socket is ready and `timeoutAction` when the
/// time comes. curl calls both from inside those calls and `add`/`remove`, on the main thread.
final class CurlMulti {
    /// What curl wants a socket watched for.
    enum SocketInterest: Equatable {
        case watch(readable: Bool, writable: Bool)
        /// curl is done with the socket (it is about to close it).
        case remove
    }

    private let handle: UnsafeMutableRawPointer
    private var transfers: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    /// curl wants `socket` watched differently; the transfer it serves when curl says which.
    var onSocket: ((_ socket: Int32, _ interest: SocketInterest, _ transfer: CurlTransfer?) -> Void)?
    /// curl wants `timeoutAction()` after this many seconds (0: as soon as possible); nil: never.
    var onTimer: ((_ delay: Double?) -> Void)?

    init() throws(HTTPFetchError) {
        if let problem = CurlLibrary.initialize() { throw .connection(problem) }
        guard let handle = curl_multi_init() else { throw .connection("libcurl cannot make a multi handle (out of memory)") }
        self.handle = handle
        let userdata = Unmanaged.passUnretained(self).toOpaque()
        _ = kiosk_curl_multi_set_socket_function(handle, curlSocketCallback)
        _ = kiosk_curl_multi_set_pointer(handle, CURLMOPT_SOCKETDATA, userdata)
        _ = kiosk_curl_multi_set_timer_function(handle, curlTimerCallback)
        _ = kiosk_curl_multi_set_pointer(handle, CURLMOPT_TIMERDATA, userdata)
    }

    // Isolated: curl calls back into this object while it cleans up. Each easy handle comes off the
    // multi handle before it is freed, as curl requires.
    isolated deinit {
        onSocket = nil
        onTimer = nil
        for handle in transfers.keys { curl_multi_remove_handle(self.handle, handle) }
        curl_multi_cleanup(handle)
    }

    var transferCount: Int { transfers.count }

    /// Starts `transfer`: curl asks, through `onTimer`, to be called back at once.
    func add(_ transfer: CurlTransfer) throws(HTTPFetchError) {
        let code = curl_multi_add_handle(handle, transfer.handle)
        guard code == CURLM_OK else { throw .connection("libcurl cannot start the request: \(CurlLibrary.describe(code))") }
        transfers[transfer.handle] = transfer
    }

    /// Stops `transfer` where it is (closing or keeping its connection as curl sees fit) and lets it go.
    func remove(_ transfer: CurlTransfer) {
        guard transfers[transfer.handle] != nil else { return }
        // Off the multi handle first: letting go of the transfer frees its easy handle.
        curl_multi_remove_handle(handle, transfer.handle)
        transfers[transfer.handle] = nil
    }

    /// Lets curl work on `socket`, which the loop found ready.
    func socketAction(_ socket: Int32, readable: Bool, writable: Bool) {
        let flags = (readable ? kiosk_curl_cselect_in : 0) | (writable ? kiosk_curl_cselect_out : 0)
        var running: Int32 = 0
        _ = curl_multi_socket_action(handle, socket, flags, &running)
    }

    /// Lets curl do what falls due at the time it asked for through `onTimer`.
    func timeoutAction() {
        var running: Int32 = 0
        _ = curl_multi_socket_action(handle, kiosk_curl_socket_timeout, 0, &running)
    }

    /// The transfers curl finished since the last call, each with its result. They stay added
    /// until `remove`.
    func finishedTransfers() -> [(transfer: CurlTransfer, code: CURLcode)] {
        var finished: [(transfer: CurlTransfer, code: CURLcode)] = []
        var queued: Int32 = 0
        while let message = curl_multi_info_read(handle, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                  let transfer = transfers[easy] else { continue }
            finished.append((transfer, message.pointee.data.result))
        }
        return finished
    }

    fileprivate func socketChanged(_ socket: Int32, what: Int32, easy: UnsafeMutableRawPointer?) {
        let interest: SocketInterest = switch what {
        case kiosk_curl_poll_in: .watch(readable: true, writable: false)
        case kiosk_curl_poll_out: .watch(readable: false, writable: true)
        case kiosk_curl_poll_inout: .watch(readable: true, writable: true)
        default: .remove
        }
        onSocket?(socket, interest, easy.flatMap { transfers[$0] })
    }

    fileprivate func timerChanged(milliseconds: Int) {
        onTimer?(milliseconds < 0 ? nil : Double(milliseconds) / 1000)
    }
}

// curl calls both from inside the multi calls above, on the main actor, with the multi as userdata.
private let curlSocketCallback: curl_socket_callback = { easy, socket, what, userdata, _ in
    guard let userdata else { return 0 }
    let multi = Unmanaged<CurlMulti>.fromOpaque(userdata).takeUnretainedValue()
    // Carried across as an address: a pointer is not Sendable, though nothing leaves this thread.
    let easyAddress = UInt(bitPattern: easy)
    MainActor.assumeIsolated { multi.socketChanged(socket, what: what, easy: UnsafeMutableRawPointer(bitPattern: easyAddress)) }
    return 0
}

private let curlTimerCallback: curl_multi_timer_callback = { _, milliseconds, userdata in
    guard let userdata else { return 0 }
    let multi = Unmanaged<CurlMulti>.fromOpaque(userdata).takeUnretainedValue()
    MainActor.assumeIsolated { multi.timerChanged(milliseconds: milliseconds) }
    return 0
}

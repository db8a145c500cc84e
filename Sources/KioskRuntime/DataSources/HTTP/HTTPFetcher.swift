import KioskPlatform

/// HTTP GETs on the kiosk's own loop, through libcurl's multi interface: curl never waits. It
/// names the sockets it needs and the one time it wants to be called back; the scheduler watches
/// those sockets and arms that timer, and curl runs only when one of them fires, for as long as
/// the data at hand takes. A server that is slow, hangs or drops the connection costs the frame
/// loop nothing. Name lookups that need DNS run in curl's resolver thread; `localhost` and IP
/// literals need none.
///
/// Every request has a timeout counted on the scheduler's clock (and on curl's own clock as a
/// backstop), so on a `VirtualLoop` a request that gets no answer times out in virtual time. The
/// sockets stay real there: the virtual loop polls them, without waiting, whenever it advances,
/// and an answer arrives as real time passes between advances.
///
/// A completion is called exactly once per request, from the loop and never from inside `get`,
/// unless the request is cancelled first (then never). Redirects are followed (at most
/// `CurlTransfer.maximumRedirects`, http and https only); https certificates are verified against
/// the system's authorities; libcurl's proxy variables (`https_proxy`, `no_proxy`…) apply.
///
///     let fetcher = HTTPFetcher(scheduler: loop)
///     let request = fetcher.get("http://127.0.0.1:8080/weather", headers: ["Accept": "application/json"],
///                               timeout: 5, maximumBytes: 1 << 20) { result in … }
public final class HTTPFetcher {
    private struct Pending {
        /// Nil for a request refused before it started: `timer` then delivers the refusal.
        var transfer: CurlTransfer?
        /// The request's timeout, or the immediate delivery of its refusal.
        var timer: TimerID?
        var completion: (Result<HTTPResponse, HTTPFetchError>) -> Void
    }

    private let scheduler: any Scheduler
    private let multi: Result<CurlMulti, HTTPFetchError>
    private var pending: [UInt64: Pending] = [:]
    private var nextRequestID: UInt64 = 1
    /// The descriptor watches of the sockets curl named, by socket.
    private var watches: [Int32: EventSourceID] = [:]
    /// The one timer curl asked for.
    private var curlTimer: TimerID?
    /// Requests the loop could not serve (a socket it refused to watch), failed once curl returns.
    private var loopFailures: [UInt64: String] = [:]

    public init(scheduler: any Scheduler) {
        self.scheduler = scheduler
        multi = Result { () throws(HTTPFetchError) in try CurlMulti() }
        if case .success(let multi) = multi {
            multi.onSocket = { [weak self] socket, interest, transfer in self?.watch(socket, interest, for: transfer) }
            multi.onTimer = { [weak self] delay in self?.armCurlTimer(after: delay) }
        }
    }

    // Isolated: the watches and timers belong to the loop. The multi handle goes after this, and
    // takes the transfers with it; no completion is called.
    isolated deinit {
        for watch in watches.values { scheduler.remove(watch) }
        if let curlTimer { scheduler.cancelTimer(curlTimer) }
        for request in pending.values {
            if let timer = request.timer { scheduler.cancelTimer(timer) }
        }
    }

    /// Starts a GET of `url` (http or https) and calls `completion` with the response, or with why
    /// there is none, within `timeout` seconds (a non-positive or non-finite timeout counts as
    /// 1 ms, and at most a day is waited). A status other than 2xx is a failure, as is a body
    /// longer than `maximumBytes`.
    @discardableResult
    public func get(_ url: String, headers: [String: String] = [:], timeout: Double, maximumBytes: Int,
                    completion: @escaping (Result<HTTPResponse, HTTPFetchError>) -> Void) -> HTTPRequest {
        let id = nextRequestID
        nextRequestID += 1
        let timeout = timeout.isFinite ? min(max(timeout, 0.001), 86_400) : 0.001
        do throws(HTTPFetchError) {
            let multi = try multi.get()
            let transfer = try CurlTransfer(requestID: id, url: try Self.checked(url: url),
                                            headers: try Self.checked(headers: headers), timeout: timeout,
                                            maximumBytes: max(0, maximumBytes))
            try multi.add(transfer)
            pending[id] = Pending(transfer: transfer, timer: nil, completion: completion)
            do {
                pending[id]?.timer = try scheduler.addTimer(after: timeout) { [weak self] in self?.finish(id, .failure(.timedOut)) }
            } catch {
                multi.remove(transfer)
                throw .connection("the event loop cannot arm the request's timeout: \(error)")
            }
        } catch {
            refuse(id, error, completion: completion)
        }
        return HTTPRequest(id: id, fetcher: self)
    }

    /// Stops every request; no completion is called.
    public func cancelAll() {
        for id in pending.keys { cancel(id) }
    }

    /// Requests whose completion is still to come.
    public var requestsInFlight: Int { pending.count }

    func cancel(_ id: UInt64) {
        _ = takePending(id)
    }

    func isInFlight(_ id: UInt64) -> Bool { pending[id] != nil }

    // MARK: Completing

    /// Delivers a request's failure from the loop, as every completion is delivered.
    private func refuse(_ id: UInt64, _ error: HTTPFetchError,
                        completion: @escaping (Result<HTTPResponse, HTTPFetchError>) -> Void) {
        pending[id] = Pending(transfer: nil, timer: nil, completion: completion)
        do {
            pending[id]?.timer = try scheduler.addTimer(after: 0) { [weak self] in self?.finish(id, .failure(error)) }
        } catch {
            // A loop that cannot arm a timer at all: tell the caller now rather than never.
            finish(id, .failure(.connection("the event loop cannot arm a timer: \(error)")))
        }
    }

    private func finish(_ id: UInt64, _ result: Result<HTTPResponse, HTTPFetchError>) {
        takePending(id)?.completion(result)
    }

    /// Forgets a request, stopping its transfer and its timer.
    private func takePending(_ id: UInt64) -> Pending? {
        guard let request = pending.removeValue(forKey: id) else { return nil }
        loopFailures[id] = nil
        if let timer = request.timer { scheduler.cancelTimer(timer) }
        if let transfer = request.transfer, case .success(let multi) = multi { multi.remove(transfer) }
        return request
    }

    /// Completes what curl finished (and what the loop failed) during the curl call just made.
    /// Completions run here, after curl has returned, so they may start or cancel requests.
    private func completeFinishedTransfers(of multi: CurlMulti) {
        for (transfer, code) in multi.finishedTransfers() {
            finish(transfer.requestID, transfer.outcome(of: code))
        }
        let failures = loopFailures
        loopFailures = [:]
        for (id, reason) in failures.sorted(by: { $0.key < $1.key }) { finish(id, .failure(.connection(reason))) }
    }

    // MARK: Driving curl from the loop

    private func watch(_ socket: Int32, _ interest: CurlMulti.SocketInterest, for transfer: CurlTransfer?) {
        guard case .watch(let readable, let writable) = interest else {
            if let watch = watches.removeValue(forKey: socket) { scheduler.remove(watch) }
            return
        }
        if let watch = watches[socket] {
            do {
                try scheduler.setInterest(watch, readable: readable, writable: writable)
                return
            } catch {
                // The socket was closed and its number reused before curl said so: watch it anew.
                scheduler.remove(watch)
                watches[socket] = nil
            }
        }
        do {
            watches[socket] = try scheduler.addDescriptor(fileDescriptor: socket, readable: readable, writable: writable) {
                [weak self] readable, writable in self?.socketReady(socket, readable: readable, writable: writable)
            }
        } catch {
            if let transfer { loopFailures[transfer.requestID] = "the event loop cannot watch the request's socket: \(error)" }
        }
    }

    private func socketReady(_ socket: Int32, readable: Bool, writable: Bool) {
        guard case .success(let multi) = multi else { return }
        multi.socketAction(socket, readable: readable, writable: writable)
        completeFinishedTransfers(of: multi)
    }

    private func armCurlTimer(after delay: Double?) {
        if let curlTimer { scheduler.cancelTimer(curlTimer) }
        curlTimer = nil
        guard let delay else { return }
        do {
            // "As soon as possible" waits 1 ms, so that on the virtual clock curl asking again and
            // again cannot hold time still.
            curlTimer = try scheduler.addTimer(after: max(delay, 0.001)) { [weak self] in self?.curlTimerFired() }
        } catch {
            for (id, request) in pending where request.transfer != nil {
                loopFailures[id] = "the event loop cannot arm a timer: \(error)"
            }
        }
    }

    private func curlTimerFired() {
        curlTimer = nil
        guard case .success(let multi) = multi else { return }
        multi.timeoutAction()
        completeFinishedTransfers(of: multi)
    }

    // MARK: Checking the request

    private static func checked(url: String) throws(HTTPFetchError) -> String {
        // curl takes a C string: a NUL would cut the URL short.
        guard !url.isEmpty, !url.utf8.contains(0) else { throw .invalidURL("the URL '\(url)' is empty or holds a NUL byte") }
        return url
    }

    private static func checked(headers: [String: String]) throws(HTTPFetchError) -> [(name: String, value: String)] {
        let forbidden: Set<UInt8> = [0, 10, 13]
        for (name, value) in headers {
            guard !name.isEmpty, !name.utf8.contains(where: { forbidden.contains($0) || $0 == UInt8(ascii: ":") || $0 == 32 })
            else { throw .invalidHeader("the header name '\(name)' is empty or holds a colon, a space or a line break") }
            guard !value.utf8.contains(where: forbidden.contains)
            else { throw .invalidHeader("the value of header '\(name)' holds a line break or a NUL byte") }
        }
        return headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    }
}

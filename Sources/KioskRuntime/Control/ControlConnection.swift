import Glibc

/// One client of the control socket: its descriptor, the bytes read but not yet split into lines,
/// and the replies and events not yet written. The server owns it; it closes its descriptor.
final class ControlConnection {
    enum Line: Equatable {
        case text([UInt8])
        /// A line longer than the limit; its bytes were thrown away.
        case overlong
    }

    enum ReadOutcome: Equatable {
        case received(Int)
        case wouldBlock
        case endOfInput
        case failed(Int32)
    }

    enum FlushOutcome: Equatable {
        case drained
        case pending
        case failed(Int32)
    }

    let descriptor: Int32
    var isSubscribed = false
    /// What the registry was last told to watch for; nil until the descriptor is registered.
    var interest: IOInterest?
    private(set) var isClosed = false
    private(set) var reachedEndOfInput = false

    private let maximumLineLength: Int
    private var input: [UInt8] = []
    /// Bytes of `input` already handed out as lines.
    private var inputStart = 0
    /// Where the search for the next newline resumes, so a slowly arriving long line is scanned once.
    private var scanPosition = 0
    /// Set after an over-long line was reported, until its terminating newline arrives.
    private var skippingOverlongLine = false

    private var output: [UInt8] = []
    private var outputStart = 0

    init(descriptor: Int32, maximumLineLength: Int) {
        self.descriptor = descriptor
        self.maximumLineLength = maximumLineLength
    }

    deinit {
        if !isClosed { Glibc.close(descriptor) }
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
        input = []
        output = []
    }

    // MARK: Reading

    var bufferedInputBytes: Int { input.count - inputStart }
    var queuedOutputBytes: Int { output.count - outputStart }

    /// Reads what is available into `scratch` (shared by every client: one read at a time) and
    /// keeps only the bytes received, so an idle client holds no read-sized buffer of its own.
    func read(using scratch: inout [UInt8]) -> ReadOutcome {
        compactInput()
        let received = scratch.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if received > 0 {
            input.append(contentsOf: scratch[0..<received])
            return .received(received)
        }
        if received == 0 {
            reachedEndOfInput = true
            // A last request without a newline still counts ("printf '{…}' | socat").
            if bufferedInputBytes > 0 && !skippingOverlongLine { input.append(UInt8(ascii: "\n")) }
            return .endOfInput
        }
        let code = errno
        return code == EAGAIN || code == EWOULDBLOCK || code == EINTR ? .wouldBlock : .failed(code)
    }

    /// Memory held for this client's input, parsed or not.
    var inputCapacity: Int { input.capacity }

    /// The next complete line without its newline (and without a trailing carriage return).
    func nextLine() -> Line? {
        while true {
            guard let newline = input[scanPosition...].firstIndex(of: UInt8(ascii: "\n")) else {
                scanPosition = input.count
                if bufferedInputBytes > maximumLineLength {
                    // Discard what we have; keep discarding until the newline ends the line.
                    inputStart = input.count
                    let reported = skippingOverlongLine
                    skippingOverlongLine = true
                    return reported ? nil : .overlong
                }
                return nil
            }
            let start = inputStart
            inputStart = newline + 1
            scanPosition = inputStart
            if skippingOverlongLine {
                skippingOverlongLine = false
                continue
            }
            var end = newline
            if end > start && input[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            if end - start > maximumLineLength { return .overlong }
            return .text(Array(input[start..<end]))
        }
    }

    var hasCompleteLine: Bool { input[inputStart...].contains(UInt8(ascii: "\n")) }

    private func compactInput() {
        guard inputStart > 0 else { return }
        if inputStart == input.count {
            // Everything was handed out: let a burst's buffer go rather than keep it per client.
            input.removeAll(keepingCapacity: input.capacity <= 4096)
        } else {
            input.removeFirst(inputStart)
        }
        scanPosition -= inputStart
        inputStart = 0
    }

    // MARK: Writing

    func enqueue(_ line: String) {
        output.append(contentsOf: line.utf8)
        output.append(UInt8(ascii: "\n"))
    }

    /// Writes as much queued output as the socket takes. `MSG_NOSIGNAL`: a client that went away
    /// must not kill the kiosk with SIGPIPE.
    func flush() -> FlushOutcome {
        while outputStart < output.count {
            let written = output.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress! + outputStart, output.count - outputStart, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                outputStart += written
                continue
            }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { break }
            return .failed(code)
        }
        if outputStart == output.count {
            output.removeAll(keepingCapacity: output.capacity <= 1 << 16)
            outputStart = 0
            return .drained
        }
        if outputStart >= 1 << 16 {
            output.removeFirst(outputStart)
            outputStart = 0
        }
        return .pending
    }
}

import FoundationEssentials
import KioskConfig
import Glibc
import KioskExpression

/// The other end of the control socket, for `kiosk ctl`: connect, send a request, read replies
/// and (after `subscribe`) events. Blocking, because a command-line tool has nothing else to do.
/// Before anything is sent, the server is checked to be this user's, root's, or a service's in a
/// directory root made for it: a socket another user put in the way never hears a command.
nonisolated public final class ControlClient {
    public let path: String
    private let descriptor: Int32
    private var input: [UInt8] = []

    public init(path: String) throws(SocketError) {
        self.path = path
        let descriptor = try UnixSocket.connect(path: path)
        do throws(SocketError) {
            try UnixSocket.verifyServer(descriptor, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    public func send(_ request: ControlRequest) throws(SocketError) {
        var bytes = Array(request.json.serialized.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR { continue }
                throw SocketError(operation: "send", path: path, code: errno)
            }
            offset += written
        }
    }

    /// The next line from the kiosk, or nil when it closed the connection.
    public func readLine() throws(SocketError) -> String? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let newline = input.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: input[..<newline], as: UTF8.self)
                input.removeFirst(newline + 1)
                return line
            }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return nil }
            if count < 0 {
                if errno == EINTR { continue }
                throw SocketError(operation: "read", path: path, code: errno)
            }
            input.append(contentsOf: chunk[0..<count])
        }
    }

    /// Sends one request and waits for its reply.
    public func perform(_ request: ControlRequest) throws -> ControlReply {
        try send(request)
        guard let line = try readLine() else {
            throw SocketError(operation: "read", path: path, code: ECONNRESET, hint: "the kiosk closed the connection")
        }
        return try ControlReply(json: JSONParser.parse(line))
    }
}

// MARK: - kiosk ctl

nonisolated extension ControlClient {
    public static let usage = """
        usage: kiosk ctl [--socket PATH | --mqtt URL --target TOPIC] COMMAND
          --socket PATH               the kiosk's control socket (also --control PATH); by default the one
                                      `kiosk run` makes: $RUNTIME_DIRECTORY/control.sock, else
                                      $XDG_RUNTIME_DIR/kiosk/control.sock, else /tmp/kiosk-UID/control.sock,
                                      else the service's /run/kiosk/control.sock
          --mqtt URL --target TOPIC   through a broker instead (mqtt://HOST[:PORT] or mqtts://…): the kiosk whose
                                      base topic is TOPIC (kiosk/lobby), or a whole group (kiosk/all; the first
                                      reply is shown); KIOSK_MQTT_USERNAME/KIOSK_MQTT_PASSWORD log in
          --help                      this text; `kiosk ctl COMMAND --help` for one command
          set WIDGET.PROPERTY VALUE   VALUE is JSON (42, true, "text") or else taken as text
          get WIDGET.PROPERTY
          goto PANEL
          back
          reload
          screenshot [FILE]           writes a PNG of the screen to FILE, or prints it as base64
          alert TITLE [MESSAGE [BUTTON…]]
          subscribe                   prints events as JSON lines until interrupted
          state NAME VALUE            sets a state variable; VALUE is JSON (3, true, "text") or else taken as text
          eval EXPRESSION             evaluates a formula against the running kiosk: eval "hours.value / 8"
          data SOURCE JSON            a value for a push source: JSON ({"temp": 21}, 42, "text") or else text
          wake                        wakes a dim or black screen and restarts the idle time
          sleep                       blanks the screen now
          idle                        prints the idle state and the seconds until the next change
          stats                       fps, frame time p50/p99, damaged pixels per frame, wakeups and RSS
        """

    /// Turns `kiosk ctl` words into a request.
    public static func request(fromArguments arguments: [String]) throws(ControlRequestError) -> ControlRequest {
        guard let command = arguments.first else { throw ControlRequestError("no command given\n\(usage)") }
        let operands = Array(arguments.dropFirst())
        func expect(_ range: ClosedRange<Int>, _ form: String) throws(ControlRequestError) {
            guard range.contains(operands.count) else { throw ControlRequestError("usage: kiosk ctl \(command) \(form)".trimmingSuffixSpaces) }
        }
        switch command {
        case "set":
            try expect(2...2, "WIDGET.PROPERTY VALUE")
            let (widget, property) = try ControlRequest.splitTarget(operands[0])
            let value = (try? JSONParser.parse(operands[1])) ?? .string(operands[1])
            return .set(widget: widget, property: property, value: value)
        case "get":
            try expect(1...1, "WIDGET.PROPERTY")
            let (widget, property) = try ControlRequest.splitTarget(operands[0])
            return .get(widget: widget, property: property)
        case "goto":
            try expect(1...1, "PANEL")
            return .goto(panel: operands[0])
        case "back":
            try expect(0...0, "")
            return .back
        case "reload":
            try expect(0...0, "")
            return .reload
        case "screenshot":
            // The kiosk runs sandboxed and cannot write where the caller points, so the image
            // always travels inline and `kiosk ctl` writes the file.
            try expect(0...1, "[FILE]")
            return .screenshot(.inline)
        case "alert":
            try expect(1...Int.max, "TITLE [MESSAGE [BUTTON…]]")
            let buttons = Array(operands.dropFirst(2))
            return .alert(title: operands[0], message: operands.count > 1 ? operands[1] : "", buttons: buttons.isEmpty ? ["OK"] : buttons)
        case "subscribe":
            try expect(0...0, "")
            return .subscribe
        case "state":
            try expect(2...2, "NAME VALUE")
            return .state(name: operands[0], value: (try? JSONParser.parse(operands[1])) ?? .string(operands[1]))
        case "eval":
            try expect(1...Int.max, "EXPRESSION")
            return .eval(expression: operands.joined(separator: " "))
        case "data":
            try expect(2...2, "SOURCE JSON")
            let value = (try? JSONParser.parse(operands[1])) ?? .string(operands[1])
            return .data(source: operands[0], value: value)
        case "wake", "sleep", "idle":
            try expect(0...0, "")
            return command == "wake" ? .wake : command == "sleep" ? .sleep : .idle
        case "stats":
            try expect(0...0, "")
            return .stats
        default:
            throw ControlRequestError(
                "unknown command \"\(command)\"; known commands: \(ControlRequest.commandNames.joined(separator: ", "))")
        }
    }

    /// Runs `kiosk ctl ARGUMENTS` and returns the exit status: 0 on success, 1 when the kiosk
    /// answered with an error, 2 for usage or connection errors.
    public static func run(arguments: [String], socketPath: String, output: (String) -> Void,
                           errorOutput: (String) -> Void, writeFile: (String, [UInt8]) throws -> Void) -> Int32
    {
        let request: ControlRequest
        do {
            request = try Self.request(fromArguments: arguments)
        } catch {
            errorOutput(error.message)
            return 2
        }
        do {
            let client = try ControlClient(path: socketPath)
            switch try client.perform(request) {
            case .error(let message):
                errorOutput("kiosk: \(message)")
                return 1
            case .ok(let value):
                if request == .subscribe {
                    while let line = try client.readLine() { output(line) }
                } else if request == .screenshot(.inline), arguments.count == 2 {
                    guard let encoded = value?.stringValue, let png = Data(base64Encoded: encoded) else {
                        errorOutput("kiosk: the screenshot reply carried no base64 image")
                        return 1
                    }
                    try writeFile(arguments[1], [UInt8](png))
                } else if let value {
                    output(value.stringValue ?? value.serialized)
                }
                return 0
            }
        } catch let error as SocketError {
            errorOutput(error.description)
            return 2
        } catch let error as ControlRequestError {
            errorOutput("kiosk ctl: \(error.message)")
            return 2
        } catch {
            errorOutput("kiosk ctl: \(error)")
            return 2
        }
    }
}

nonisolated extension ControlClient {
    /// `kiosk ctl` as the command line calls it: `[--socket PATH] COMMAND…`, printing to stdout
    /// and stderr, the socket found the way the server places it. Returns the exit status.
    public static func runCommandLine(_ arguments: [String], environment: [String: String]) -> Int32 {
        let invocation: CommandLineInvocation
        do {
            invocation = try parseCommandLine(arguments)
        } catch {
            printLine("kiosk ctl: \(error.message)", to: STDERR_FILENO)
            return 2
        }
        switch invocation {
        case .help(let text):
            printLine(text, to: STDOUT_FILENO)
            return 0
        case .mqtt(let words, let broker, let target):
            return MainActor.assumeIsolated {
                MQTTControlClient.run(arguments: words, broker: broker, target: target,
                                      output: { printLine($0, to: STDOUT_FILENO) },
                                      errorOutput: { printLine($0, to: STDERR_FILENO) }, writeFile: writeFile)
            }
        case .command(let words, let socketPath):
            return run(arguments: words, socketPath: socketPath ?? defaultPath(environment: environment),
                       output: { printLine($0, to: STDOUT_FILENO) },
                       errorOutput: { printLine($0, to: STDERR_FILENO) },
                       writeFile: writeFile)
        }
    }

    public enum CommandLineInvocation: Equatable, Sendable {
        case help(String)
        case command([String], socketPath: String?)
        /// `--mqtt URL --target TOPIC`: through a broker.
        case mqtt([String], broker: String, target: String)
    }

    /// Options come before the command: `--socket PATH` (or `--control PATH`, the name `kiosk run`
    /// gives it) and `--help`. `kiosk ctl COMMAND --help` shows that command's usage.
    public static func parseCommandLine(_ arguments: [String]) throws(ControlRequestError) -> CommandLineInvocation {
        var index = 0
        var socketPath: String?
        var broker: String?
        var target: String?
        while index < arguments.count, arguments[index].hasPrefix("-") {
            let word = arguments[index]
            let (name, attached) = word.firstIndex(of: "=").map { (String(word[..<$0]), String(word[word.index(after: $0)...])) }
                ?? (word, nil)
            switch name {
            case "--help", "-h":
                return .help(usage)
            case "--socket", "--control", "--mqtt", "--target":
                let value: String
                if let attached {
                    value = attached
                } else {
                    index += 1
                    guard index < arguments.count else {
                        throw ControlRequestError("\(name) needs \(name == "--mqtt" ? "a URL" : name == "--target" ? "a topic" : "a path")")
                    }
                    value = arguments[index]
                }
                switch name {
                case "--mqtt": broker = value
                case "--target": target = value
                default: socketPath = value
                }
            default:
                let known = ["--socket", "--control", "--mqtt", "--target", "--help"]
                let hint = NameSuggestion.closest(to: name, among: known).map { "; did you mean \($0)?" } ?? ""
                throw ControlRequestError("unknown option \(name)\(hint)\n\(usage)")
            }
            index += 1
        }
        let words = Array(arguments[index...])
        if words.count == 2, ["--help", "-h"].contains(words[1]) {
            let line = usage.split(separator: "\n").first { $0.hasPrefix("  \(words[0]) ") || $0 == "  \(words[0])" }
            return .help(line.map { "usage: kiosk ctl [--socket PATH] " + $0.trimmingWhitespace() } ?? usage)
        }
        switch (broker, target) {
        case (let broker?, let target?):
            return .mqtt(words, broker: broker, target: target)
        case (nil, nil):
            return .command(words, socketPath: socketPath)
        case (nil, _?):
            throw ControlRequestError("--target goes with --mqtt URL")
        case (_?, nil):
            throw ControlRequestError("--mqtt needs --target TOPIC (the kiosk's base topic, e.g. kiosk/lobby, or a group such as kiosk/all)")
        }
    }

    /// The socket `kiosk run` makes by default for this user (see `RuntimeDirectory`), else the
    /// service's, `/run/kiosk/control.sock`, when only that one exists.
    public static func defaultPath(environment: [String: String], servicePath: String = "/run/kiosk/control.sock") -> String {
        let own = ControlServer.defaultPath(environment: environment)
        var info = stat()
        if lstat(own, &info) != 0 && lstat(servicePath, &info) == 0 { return servicePath }
        return own
    }

    private static func printLine(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else { return }
            offset += written
        }
    }

    private static func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ControlRequestError("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw ControlRequestError("cannot write \(path): \(String(cString: strerror(errno)))") }
    }
}

nonisolated private extension String {
    var trimmingSuffixSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

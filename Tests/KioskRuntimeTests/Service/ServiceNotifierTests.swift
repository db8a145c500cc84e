import Dispatch
import Glibc
import Testing
@testable import KioskRuntime

/// Plays systemd's side of `Type=notify`: a datagram socket named by NOTIFY_SOCKET.
final class FakeServiceManager {
    let directory = TemporaryDirectory()
    let descriptor: Int32
    private let savedEnvironment: [String: String?]

    init(watchdogMicroseconds: UInt64?) throws {
        let path = "\(directory.path)/notify"
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        descriptor = fd
        let bound = try UnixSocket.withAddress(path) { bind(fd, $0, $1) }
        #expect(bound == 0)
        let names = ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"]
        savedEnvironment = Dictionary(uniqueKeysWithValues: names.map { ($0, getenv($0).map { String(cString: $0) }) })
        setenv("NOTIFY_SOCKET", path, 1)
        if let watchdogMicroseconds {
            setenv("WATCHDOG_USEC", String(watchdogMicroseconds), 1)
            setenv("WATCHDOG_PID", String(getpid()), 1)
        } else {
            unsetenv("WATCHDOG_USEC")
            unsetenv("WATCHDOG_PID")
        }
    }

    deinit {
        close(descriptor)
        for (name, value) in savedEnvironment {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
    }

    /// Every message received so far, one string per datagram.
    func messages() -> [String] {
        var result: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return result }
            result.append(String(decoding: buffer[0..<count], as: UTF8.self))
        }
    }
}

@Suite(.serialized) struct ServiceNotifierTests {
    @Test func readyStatusStoppingAndWatchdogReachTheServiceManager() throws {
        let systemd = try FakeServiceManager(watchdogMicroseconds: 10_000_000)
        let notifier = ServiceNotifier()
        #expect(notifier.isSupervised)
        #expect(notifier.watchdogPingInterval == .seconds(5))

        try notifier.notifyReady(status: "showing panel home")
        try notifier.pingWatchdog()
        try notifier.notifyStatus("display disconnected; waiting")
        try notifier.notifyStopping()
        #expect(systemd.messages() == ["READY=1\nSTATUS=showing panel home", "WATCHDOG=1",
                                       "STATUS=display disconnected; waiting", "STOPPING=1"])
    }

    @Test func reloadCarriesTheMonotonicTimestampSystemdAsksFor() throws {
        let systemd = try FakeServiceManager(watchdogMicroseconds: nil)
        try ServiceNotifier().notifyReloading()
        let message = try #require(systemd.messages().first)
        #expect(message.hasPrefix("RELOADING=1\nMONOTONIC_USEC="))
        #expect(UInt64(message.split(separator: "=").last!) != nil)
    }

    @Test func withoutAWatchdogNoPingsAreSent() throws {
        let systemd = try FakeServiceManager(watchdogMicroseconds: nil)
        let notifier = ServiceNotifier()
        #expect(notifier.watchdogPingInterval == nil)
        try notifier.pingWatchdog()
        #expect(systemd.messages().isEmpty)
    }

    @Test func watchdogMeantForAnotherProcessIsIgnored() throws {
        let systemd = try FakeServiceManager(watchdogMicroseconds: 4_000_000)
        setenv("WATCHDOG_PID", String(getpid() + 1), 1)
        #expect(ServiceNotifier().watchdogPingInterval == nil)
        _ = systemd
    }

    @Test func aWatchdogTimeoutThatIsNoCountOfMicrosecondsArmsNoWatchdog() throws {
        let systemd = try FakeServiceManager(watchdogMicroseconds: 10_000_000)
        for text in ["", "abc", "-5", "0", "1e12", "NaN", "12 s", "18446744073709551616"] {
            setenv("WATCHDOG_USEC", text, 1)
            #expect(ServiceNotifier().watchdogPingInterval == nil, "WATCHDOG_USEC=\(text)")
        }
        // UINT64_MAX is systemd's infinity, which sd_watchdog_enabled() refuses; the count below
        // it still halves without overflowing.
        setenv("WATCHDOG_USEC", String(UInt64.max), 1)
        #expect(ServiceNotifier().watchdogPingInterval == nil)
        setenv("WATCHDOG_USEC", String(UInt64.max - 1), 1)
        #expect(ServiceNotifier().watchdogPingInterval == .microseconds(Int64((UInt64.max - 1) / 2)))
        setenv("WATCHDOG_USEC", "10000000", 1)
        setenv("WATCHDOG_PID", "not a pid", 1)
        #expect(ServiceNotifier().watchdogPingInterval == nil)
        _ = systemd
    }

    @Test func outsideSystemdEverythingIsANoOp() {
        let saved = getenv("NOTIFY_SOCKET").map { String(cString: $0) }
        unsetenv("NOTIFY_SOCKET")
        defer { if let saved { setenv("NOTIFY_SOCKET", saved, 1) } }
        let notifier = ServiceNotifier()
        #expect(!notifier.isSupervised)
        #expect(throws: Never.self) { try notifier.notifyReady() }
    }

    @Test func aNotificationSystemdDoesNotReceiveIsAnError() throws {
        let systemd = try FakeServiceManager(watchdogMicroseconds: 10_000_000)
        setenv("NOTIFY_SOCKET", "\(systemd.directory.path)/gone", 1)
        let notifier = ServiceNotifier()
        #expect {
            try notifier.notifyReady(status: "showing panel home")
        } throws: { error in
            "\(error)".contains("systemd did not receive READY=1")
        }
        #expect(throws: ServiceNotificationError.self) { try notifier.pingWatchdog() }
    }

    @Test func anAbstractSocketNameIsReached() throws {
        // systemd names its socket "@…" when it lives in the abstract namespace (a leading zero
        // byte, no file): the kiosk must reach it as sd_notify() did.
        let name = "kiosk-notify-test-\(getpid())"
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: [0] + Array(name.utf8)) }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + 1 + name.utf8.count)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        try #require(bound == 0)

        try NotifySocket.send("READY=1\nSTATUS=abstract", to: "@" + name)
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        #expect(count > 0 && String(decoding: buffer[0..<max(count, 0)], as: UTF8.self) == "READY=1\nSTATUS=abstract")
    }

    @Test func aSocketNameThatIsNoAddressIsRefused() {
        #expect { try NotifySocket.send("READY=1", to: "run/notify") } throws: { "\($0)".contains("neither a path nor") }
        #expect { try NotifySocket.send("READY=1", to: "/" + String(repeating: "x", count: 200)) } throws: {
            "\($0)".contains("longer than a socket address holds")
        }
    }

    @Test func aServiceManagerThatStopsReadingDoesNotStopTheKiosk() throws {
        let systemd = try FakeServiceManager(watchdogMicroseconds: 10_000_000)
        let socketName = "\(systemd.directory.path)/notify"
        // Nothing reads: the socket's queue fills, and then a ping must fail at once, not wait.
        // The pings run on a queue of their own so that a send that waits fails the test after
        // five seconds instead of hanging it.
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: String?
        DispatchQueue.global().async {
            for _ in 0..<100_000 {
                do { try NotifySocket.send("WATCHDOG=1", to: socketName) } catch {
                    failure = "\(error)"
                    break
                }
            }
            finished.signal()
        }
        try #require(finished.wait(timeout: .now() + 5) == .success, "a ping waited for the service manager")
        #expect(failure?.contains(String(cString: strerror(EAGAIN))) == true)
        _ = systemd
    }
}

import Glibc
import Testing
@testable import KioskRuntime

@Suite(.serialized) struct SeatSessionTests {
    @Test func directAccessOpensAndClosesDevicesItself() throws {
        let directory = TemporaryDirectory()
        let path = "\(directory.path)/card0"
        let created = open(path, O_CREAT | O_WRONLY, 0o600)
        close(created)
        var enabled = 0
        let session = try SeatSession(preference: .directOnly, onEnable: { enabled += 1 }, onDisable: {})
        #expect(session.access == .direct)
        #expect(session.isActive)
        #expect(session.descriptor == nil)

        let fd = try session.openDevice(atPath: path)
        #expect(fcntl(fd, F_GETFL) & O_NONBLOCK != 0)
        #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
        #expect(session.openDeviceCount == 1)
        session.closeDevice(fd)
        #expect(session.openDeviceCount == 0)
        #expect(fcntl(fd, F_GETFD) == -1)
        #expect(enabled == 0)
    }

    @Test func missingDeviceSaysWhatToCheck() throws {
        let session = try SeatSession(preference: .directOnly, onEnable: {}, onDisable: {})
        #expect(throws: SeatError.self) { try session.openDevice(atPath: "/dev/dri/card99") }
        do {
            _ = try session.openDevice(atPath: "/dev/dri/card99")
        } catch {
            #expect(error.description == "open /dev/dri/card99: No such file or directory; "
                + "the device does not exist; is its driver loaded (ls /dev/dri /dev/input)?")
        }
    }

    @Test func permissionProblemNamesTheGroupToJoin() {
        let error = SeatError.directOpen(path: "/dev/dri/card0", code: EACCES, groupName: "video")
        #expect(error.description == "open /dev/dri/card0: Permission denied; this user may not open it; add it to group "
            + "'video' (SupplementaryGroups= in kiosk.service), or run seatd or a logind session so the seat opens it")
        #expect(SeatSession.owningGroupName(of: "/") == "root")
    }

    @Test func seatOnlyWithoutABackendFailsWithAHint() {
        let saved = getenv("LIBSEAT_BACKEND").map { String(cString: $0) }
        // A backend name libseat does not know: no backend can answer.
        setenv("LIBSEAT_BACKEND", "none-such", 1)
        defer { if let saved { setenv("LIBSEAT_BACKEND", saved, 1) } else { unsetenv("LIBSEAT_BACKEND") } }
        // libseat says why in its own words, and they reach the kiosk's log.
        let capture = LogCapture()
        #expect(throws: SeatError.self) {
            try SeatSession(preference: .seatOnly, onEnable: {}, onDisable: {}, logger: capture.logger)
        }
        #expect(capture.lines.contains { $0.hasPrefix("warning: libseat: ") && $0.contains("none-such") },
                "\(capture.lines)")
        do {
            _ = try SeatSession(preference: .seatOnly, onEnable: {}, onDisable: {})
        } catch {
            #expect(error.description.hasPrefix("open seat: "))
            #expect(error.description.hasSuffix("no seat backend answered; start seatd or run the kiosk in a logind session (PAMName= in kiosk.service)"))
        }
        let fallback = try? SeatSession(preference: .automatic, onEnable: {}, onDisable: {})
        #expect(fallback?.access == .direct)
        #expect(fallback?.isActive == true)
    }

    @Test func devicesOpenThroughLibseatWithTheNoopBackend() throws {
        let saved = getenv("LIBSEAT_BACKEND").map { String(cString: $0) }
        setenv("LIBSEAT_BACKEND", "noop", 1)
        defer { if let saved { setenv("LIBSEAT_BACKEND", saved, 1) } else { unsetenv("LIBSEAT_BACKEND") } }
        let directory = TemporaryDirectory()
        let path = "\(directory.path)/event0"
        close(open(path, O_CREAT | O_WRONLY, 0o600))

        let session = try SeatSession(preference: .seatOnly, onEnable: {}, onDisable: {})
        guard case .seat = session.access else {
            Issue.record("expected libseat access, got \(session.access)")
            return
        }
        #expect(session.isActive)
        #expect(session.descriptor != nil)
        try session.handleReadable()
        let fd = try session.openDevice(atPath: path)
        #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
        session.closeDevice(fd)
        #expect(session.openDeviceCount == 0)
        #expect(throws: SeatError.self) { try session.switchSession(to: 2) }
    }

    @Test func directAccessCannotSwitchSessions() throws {
        let session = try SeatSession(preference: .directOnly, onEnable: {}, onDisable: {})
        #expect(throws: SeatError(operation: "switch session", code: ENOTSUP, hint: "needs a seat backend (seatd or logind)")) {
            try session.switchSession(to: 2)
        }
    }
}

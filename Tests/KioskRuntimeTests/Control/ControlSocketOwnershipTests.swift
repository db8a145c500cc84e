import Foundation
import Glibc
import Testing
@testable import KioskRuntime

/// The control socket between two users: root runs the kiosk, `nobody` (started with setpriv)
/// tries to take its socket or listen in. A stand-in for /tmp (world-writable, sticky) holds the
/// per-user directories, so the test touches nothing of the machine's own.
@Suite(.serialized) struct ControlSocketOwnershipTests {
    nonisolated static let nobody: uid_t = 65534
    nonisolated static let isRoot = geteuid() == 0

    /// A world-writable sticky directory, like /tmp.
    final class SharedTemporaryDirectory {
        let directory = TemporaryDirectory()
        var path: String { directory.path }
        init() { chmod(directory.path, 0o1777) }
        isolated deinit {
            // Whatever `nobody` left (a directory with its socket) goes too.
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                try? FileManager.default.removeItem(atPath: path + "/" + entry)
            }
        }
    }

    /// A program run as `nobody`; its stdout is read line by line.
    final class OtherUser {
        let process = Process()
        private let output = Pipe()
        private var buffered = ""

        init(perl script: String, arguments: [String]) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(ControlSocketOwnershipTests.nobody)", "--regid=65534", "--clear-groups",
                                 "/usr/bin/perl", "-e", script] + arguments
            process.standardOutput = output
            try process.run()
        }

        func nextLine() -> String? {
            while !buffered.contains("\n") {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { break }
                buffered += String(decoding: data, as: UTF8.self)
            }
            guard let newline = buffered.firstIndex(of: "\n") else { return buffered.isEmpty ? nil : buffered }
            defer { buffered = String(buffered[buffered.index(after: newline)...]) }
            return String(buffered[..<newline])
        }

        func finish() -> [String] {
            var lines: [String] = []
            while let line = nextLine() { lines.append(line) }
            process.waitUntilExit()
            return lines
        }
    }

    /// Makes the directory the kiosk of root would use, opens it to everyone, and listens on the
    /// socket there; answers any request with a forged reply and reports how many bytes it got.
    static let squatter = #"""
        use IO::Socket::UNIX; $| = 1;
        my ($dir, $path) = @ARGV;
        mkdir $dir; chmod 0777, $dir;
        my $server = IO::Socket::UNIX->new(Type => SOCK_STREAM(), Local => $path, Listen => 5) or die "bind: $!\n";
        print "ready\n";
        my $client = $server->accept or die "accept: $!\n";
        my $total = 0;
        while (my $n = sysread($client, my $buffer, 65536)) {
            $total += $n;
            syswrite($client, "{\"ok\":true,\"value\":\"forged\"}\n") if $buffer =~ /\n/;
        }
        print "received $total bytes\n";
        """#

    /// Tries to take over or listen in on a socket it was not given.
    static let intruder = #"""
        use IO::Socket::UNIX; $| = 1;
        my ($path) = @ARGV;
        IO::Socket::UNIX->new(Type => SOCK_STREAM(), Peer => $path) ? print "connect: ok\n" : print "connect: $!\n";
        unlink($path) ? print "unlink: ok\n" : print "unlink: $!\n";
        IO::Socket::UNIX->new(Type => SOCK_STREAM(), Local => $path, Listen => 5) ? print "bind: ok\n" : print "bind: $!\n";
        """#

    @Test(.enabled(if: isRoot, "needs root, to start a second user with setpriv (CI runs as root)"))
    func anotherUserCannotSquatTheDefaultSocketBeforeTheKioskStarts() throws {
        let shared = SharedTemporaryDirectory()
        let directory = RuntimeDirectory.standard(environment: [:], userID: 0, temporaryDirectory: shared.path)
        #expect(directory.path == "\(shared.path)/kiosk-0")
        let squatter = try OtherUser(perl: Self.squatter, arguments: [directory.path, directory.socketPath])
        #expect(squatter.nextLine() == "ready")

        // The kiosk will not use a directory someone else made...
        #expect(throws: SocketError.self) { try directory.prepare(userID: 0) }
        do {
            try directory.prepare(userID: 0)
        } catch {
            #expect(error.description.contains("belongs to nobody (uid 65534), not to root (uid 0)"))
        }
        // ...nor take over the socket there, and says whose it is.
        do {
            _ = try ControlServer(path: directory.socketPath, handler: nil, registry: PollRegistry())
            Issue.record("the kiosk replaced another user's socket")
        } catch {
            #expect(error.description.contains("belongs to nobody (uid 65534)"))
        }
        // And `kiosk ctl` sends it nothing: no PIN reaches the squatter, no forged reply is believed.
        var errors: [String] = []
        let status = ControlClient.run(arguments: ["set", "pin.text", "1234"], socketPath: directory.socketPath,
                                       output: { _ in }, errorOutput: { errors.append($0) }, writeFile: { _, _ in })
        #expect(status == 2)
        #expect(errors.first?.contains("runs as nobody (uid 65534), not as root (uid 0) or root") == true)
        #expect(squatter.finish() == ["received 0 bytes"])
    }

    @Test(.enabled(if: isRoot, "needs root, to start a second user with setpriv (CI runs as root)"))
    func anotherUserCanNeitherTakeNorReachARunningKiosksSocket() throws {
        let shared = SharedTemporaryDirectory()
        let directory = RuntimeDirectory.standard(environment: [:], userID: 0, temporaryDirectory: shared.path)
        try directory.prepare(userID: 0)
        var info = stat()
        #expect(lstat(directory.path, &info) == 0 && info.st_mode & 0o777 == 0o700)
        let registry = PollRegistry()
        let ui = FakeUI()
        let server = try ControlServer(path: directory.socketPath, handler: ui, registry: registry)
        ui.server = server

        let intruder = try OtherUser(perl: Self.intruder, arguments: [directory.socketPath])
        #expect(intruder.finish() == ["connect: Permission denied", "unlink: Permission denied", "bind: Permission denied"])
        #expect(server.clientCount == 0)

        let client = try TestClient(path: server.path)
        client.sendLine(#"{"cmd":"get","target":"name.text"}"#)
        pumpUntil(registry, server, clients: [client]) { !client.lines.isEmpty }
        #expect(client.takeLines() == [#"{"ok":true,"value":"Ada"}"#])
        server.close()
    }

    @Test(.enabled(if: isRoot, "needs root, to start a second user with setpriv (CI runs as root)"))
    func aSocketLeftByAnotherUserIsRefusedByName() throws {
        let shared = SharedTemporaryDirectory()
        let path = "\(shared.path)/control.sock"
        // nobody's socket, bound and then abandoned (the squatter dies before accepting).
        let squatter = try OtherUser(perl: #"""
            use IO::Socket::UNIX; my $s = IO::Socket::UNIX->new(Type => SOCK_STREAM(), Local => $ARGV[0], Listen => 1)
                or die "bind: $!\n"; print "done\n";
            """#, arguments: [path])
        #expect(squatter.finish() == ["done"])
        do {
            _ = try ControlServer(path: path, handler: nil, registry: PollRegistry())
            Issue.record("the kiosk replaced another user's stale socket")
        } catch {
            #expect(error.description == "control socket \(path): the socket there belongs to nobody (uid 65534), "
                + "not to root (uid 0); it may be another user's kiosk, or a trap for this one's commands. "
                + "Remove it, or choose another path with --control")
        }
    }
}

@Suite struct RuntimeDirectoryTests {
    @Test func theKioskMakesItsDirectoryPrivateAndRefusesAnOpenOne() throws {
        let base = TemporaryDirectory()
        let directory = RuntimeDirectory(path: "\(base.path)/kiosk-test", origin: .perUser)
        try directory.prepare()
        var info = stat()
        #expect(lstat(directory.path, &info) == 0 && info.st_mode & 0o777 == 0o700)
        chmod(directory.path, 0o755)
        #expect(throws: SocketError.self) { try directory.prepare() }
        do {
            try directory.prepare()
        } catch {
            #expect(error.description.hasSuffix("has mode 755, open to other users; run chmod 700 \(directory.path)"))
        }
        rmdir(directory.path)
    }

    @Test func aSymlinkInPlaceOfTheDirectoryIsRefused() throws {
        let base = TemporaryDirectory()
        let target = TemporaryDirectory()
        let directory = RuntimeDirectory(path: "\(base.path)/kiosk-test", origin: .perUser)
        #expect(symlink(target.path, directory.path) == 0)
        do {
            try directory.prepare()
            Issue.record("a symlink was accepted as the socket directory")
        } catch {
            #expect(error.description.contains("is a symlink, not a directory"))
        }
        unlink(directory.path)
    }

    @Test func systemdsDirectoryMayLetTheGroupInButNotWrite() throws {
        let base = TemporaryDirectory()
        chmod(base.path, 0o750)
        try RuntimeDirectory(path: base.path, origin: .service).prepare()
        chmod(base.path, 0o770)
        #expect(throws: SocketError.self) { try RuntimeDirectory(path: base.path, origin: .service).prepare() }
    }
}

@Suite struct RuntimeFileTests {
    @Test func aScreenshotFileIsCreatedInTheRuntimeDirectoryOnly() throws {
        let runtime = TemporaryDirectory()
        let elsewhere = TemporaryDirectory()
        #expect(try RuntimeFile.create("shot.png", in: runtime.path, contents: [1, 2, 3]) == "\(runtime.path)/shot.png")
        #expect(try RuntimeFile.create("\(runtime.path)/two.png", in: runtime.path, contents: [4]) == "\(runtime.path)/two.png")
        #expect(FileManagerless.read("\(runtime.path)/shot.png") == "\u{1}\u{2}\u{3}")
        for outside in ["\(elsewhere.path)/shot.png", "../shot.png", "\(runtime.path)/../x.png", "sub/shot.png", "..", ""] {
            #expect(throws: RuntimeFileError.self, "\(outside)") {
                try RuntimeFile.create(outside, in: runtime.path, contents: [1])
            }
        }
        #expect(FileManagerless.read("\(elsewhere.path)/shot.png") == nil)
    }

    @Test func anExistingFileOrASymlinkIsNeverWrittenThrough() throws {
        let runtime = TemporaryDirectory()
        let elsewhere = TemporaryDirectory()
        #expect(FileManagerless.write("keep", to: "\(runtime.path)/taken.png"))
        #expect(throws: RuntimeFileError("\(runtime.path)/taken.png already exists; the kiosk writes new files only, "
            + "choose another name")) { try RuntimeFile.create("taken.png", in: runtime.path, contents: [1]) }
        #expect(FileManagerless.read("\(runtime.path)/taken.png") == "keep")
        // A symlink planted where the screenshot will go, pointing at a file to clobber.
        #expect(FileManagerless.write("victim", to: "\(elsewhere.path)/victim"))
        #expect(symlink("\(elsewhere.path)/victim", "\(runtime.path)/trap.png") == 0)
        #expect(throws: RuntimeFileError.self) { try RuntimeFile.create("trap.png", in: runtime.path, contents: [1]) }
        #expect(FileManagerless.read("\(elsewhere.path)/victim") == "victim")
        // Dangling: nothing may be created at its target either.
        #expect(symlink("\(elsewhere.path)/new", "\(runtime.path)/dangling.png") == 0)
        #expect(throws: RuntimeFileError.self) { try RuntimeFile.create("dangling.png", in: runtime.path, contents: [1]) }
        #expect(FileManagerless.read("\(elsewhere.path)/new") == nil)
    }
}

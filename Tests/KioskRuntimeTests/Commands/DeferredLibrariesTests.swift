import CDeferredLibraries
import Foundation
import Testing

/// The libraries only some features, a display, a keyboard or systemd use are opened on first use:
/// the `kiosk` binary does not name them as needed, a headless kiosk that uses none of those
/// features never opens them, and one that does opens exactly the library it needs.
@Suite struct DeferredLibrariesTests {
    static let libraries: [(KioskDeferredLibrary, soname: String)] = [
        (KIOSK_LIBRARY_CURL, "libcurl.so.4"), (KIOSK_LIBRARY_RSVG, "librsvg-2.so.2"),
        (KIOSK_LIBRARY_VNCSERVER, "libvncserver.so.1"), (KIOSK_LIBRARY_MOSQUITTO, "libmosquitto.so.1"),
        (KIOSK_LIBRARY_QRENCODE, "libqrencode.so.4"), (KIOSK_LIBRARY_TURBOJPEG, "libturbojpeg.so.0"),
        (KIOSK_LIBRARY_INPUT, "libinput.so.10"), (KIOSK_LIBRARY_UDEV, "libudev.so.1"),
        (KIOSK_LIBRARY_SEAT, "libseat.so.1"), (KIOSK_LIBRARY_XKBCOMMON, "libxkbcommon.so.0"),
        (KIOSK_LIBRARY_SYSTEMD, "libsystemd.so.0"),
    ]

    @Test func everyDeferredLibraryOpens() {
        for (library, soname) in Self.libraries {
            let failure = kiosk_library_load(library).map { String(cString: $0) }
            #expect(failure == nil, "\(soname): \(failure ?? "")")
            #expect(kiosk_library_is_loaded(library) == 1, "\(soname)")
        }
        #expect(kiosk_library_load(KioskDeferredLibrary(rawValue: 99)).map { String(cString: $0) } == "no such library")
    }

    @Test func theKioskBinaryDoesNotNameThemAsNeeded() throws {
        let needed = try Self.librariesTheKioskBinaryNeeds()
        // The libraries every frame needs are still linked the usual way.
        #expect(needed.contains { $0.contains("[libcairo.so.2]") }, "\(needed)")
        for (_, soname) in Self.libraries {
            #expect(!needed.contains { $0.contains("[\(soname)]") }, "\(soname) is named as needed")
        }
    }

    /// Foundation's Objective-C layer (and CoreFoundation under it) would be loaded, relocated and
    /// searched for conformances at every start: the kiosk's modules import FoundationEssentials and
    /// FoundationInternationalization only. An `import Foundation` in one of them fails this.
    @Test func theKioskBinaryDoesNotLinkFoundationsObjectiveCLayer() throws {
        let needed = try Self.librariesTheKioskBinaryNeeds()
        #expect(needed.contains { $0.contains("[libFoundationEssentials.so]") }, "\(needed)")
        #expect(!needed.contains { $0.contains("[libFoundation.so]") }, "\(needed)")
    }

    @Test func aHeadlessStartOpensNoneAndAQRCodeOpensOnlyItsOwn() throws {
        let directory = TemporaryDirectory()
        let plain = try Self.librariesOpened(by: ["run", "--backend", "headless", "--once", "--out", directory.path + "/plain.png"])
        #expect(plain.contains("libcairo.so.2"), "\(plain)")
        for (_, soname) in Self.libraries { #expect(!plain.contains(soname), "a plain start opened \(soname)") }

        let config = directory.path + "/qr.yaml"
        try """
            panels:
              home:
                root: {type: qr_code, text: "https://example.com", size: [200, 200]}
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let withCode = try Self.librariesOpened(by: ["run", "--config", config, "--backend", "headless", "--once",
                                                     "--out", directory.path + "/qr.png"])
        #expect(withCode.contains("libqrencode.so.4"), "\(withCode)")
        for (_, soname) in Self.libraries where soname != "libqrencode.so.4" {
            #expect(!withCode.contains(soname), "a QR code opened \(soname)")
        }
    }

    /// The `(NEEDED)` lines of the development build's `kiosk` (`readelf -d`).
    static func librariesTheKioskBinaryNeeds() throws -> [String] {
        let binary = KioskProcessTests.binary
        try #require(FileManager.default.isExecutableFile(atPath: binary), "no kiosk binary at \(binary)")
        let (status, output) = try run("/usr/bin/readelf", ["-d", binary])
        #expect(status == 0)
        return output.split(separator: "\n").filter { $0.contains("(NEEDED)") }.map(String.init)
    }

    /// The libraries the dynamic loader reports opening (at start or later) while the kiosk runs
    /// with `arguments`: its `LD_DEBUG=files` lines, `file=NAME [0];  ...`.
    static func librariesOpened(by arguments: [String]) throws -> Set<String> {
        let binary = KioskProcessTests.binary
        try #require(FileManager.default.isExecutableFile(atPath: binary), "no kiosk binary at \(binary)")
        let (status, output) = try run(binary, arguments, environment: ["LD_DEBUG": "files"])
        #expect(status == 0, "\(output.suffix(2000))")
        var names = Set<String>()
        for line in output.split(separator: "\n") {
            guard let start = line.range(of: "file=") else { continue }
            let name = line[start.upperBound...].prefix { $0 != " " && $0 != "[" }
            names.insert(String(name.split(separator: "/").last ?? name))
        }
        return names
    }

    /// Runs `executable` to its end; its status and its output and errors together.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

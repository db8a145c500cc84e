// swift-tools-version:6.2
// KioskKit: a touchscreen kiosk runtime for Linux (DRM/KMS, libinput, a dirty-rectangle compositor).
import PackageDescription

/// One system-library target per C library, each found through pkg-config and provided by Debian.
func cLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", pkgConfig: pkgConfig, providers: [.apt([apt])])
}

/// One system-library target for a C library the kiosk opens on first use (`CDeferredLibraries`):
/// no pkg-config, whose flags would link it, so the binary does not name it as needed.
func deferredCLibrary(_ name: String) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)")
}

/// Release builds leave out the run-time checks of exclusive access (on a view tree's properties
/// they were a sixth of a frame's instructions) and of actor isolation (each closure a main-actor
/// function hands to `map` or `filter` asked which thread it ran on: 4 % of a small update).
/// Debug builds, which the tests run, keep both, so a violation still traps there.
let releaseSpeed: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked", "-Xfrontend", "-disable-dynamic-actor-isolation"], .when(configuration: .release))]

/// UI, compositor and loop share one thread: everything above the graphics layer is main-actor code.
let mainActorCode: [SwiftSetting] = [.defaultIsolation(MainActor.self)] + releaseSpeed

let package = Package(
    name: "KioskKit",
    products: [
        .library(name: "KioskKit", targets: ["KioskGraphics", "KioskPlatform", "KioskUI", "KioskCompositor", "KioskDRM", "KioskInput",
                                                      "KioskExpression", "KioskConfig", "KioskRuntime"]),
        .executable(name: "kiosk", targets: ["kiosk"]),
        .executable(name: "kiosk-bench", targets: ["kiosk-bench"]),
        .executable(name: "kiosk-input-check", targets: ["kiosk-input-check"]),
        .executable(name: "kiosk-display-check", targets: ["kiosk-display-check"]),
    ],
    targets: [
        cLibrary("CCairo", pkgConfig: "cairo", apt: "libcairo2-dev"),
        cLibrary("CPangoCairo", pkgConfig: "pangocairo", apt: "libpango1.0-dev"),
        cLibrary("CPixman", pkgConfig: "pixman-1", apt: "libpixman-1-dev"),
        cLibrary("CDRM", pkgConfig: "libdrm", apt: "libdrm-dev"),
        cLibrary("CYAML", pkgConfig: "yaml-0.1", apt: "libyaml-dev"),
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
        // What only some features use (HTTP sources, MQTT, the remote view, SVG, JPEG and QR images),
        // only a display (libinput, udev, libseat), a keyboard (xkbcommon) or a systemd service:
        // declared to Swift by these, defined by CDeferredLibraries, which opens each on first use.
        deferredCLibrary("CInput"),
        deferredCLibrary("CUdev"),
        deferredCLibrary("CXKBCommon"),
        deferredCLibrary("CSeat"),
        deferredCLibrary("CSystemd"),
        deferredCLibrary("CTurboJPEG"),
        deferredCLibrary("CRSVG"),
        deferredCLibrary("CCurl"),
        deferredCLibrary("CQREncode"),
        deferredCLibrary("CVNCServer"),
        deferredCLibrary("CMosquitto"),
        // librsvg's own header, which the definitions are checked against, wants its directories
        // and GLib's (from pangocairo's flags).
        .target(name: "CDeferredLibraries",
                dependencies: ["CCurl", "CRSVG", "CVNCServer", "CMosquitto", "CQREncode", "CTurboJPEG", "CPangoCairo",
                               "CInput", "CUdev", "CXKBCommon", "CSeat", "CSystemd"],
                cSettings: [.unsafeFlags(["-I/usr/include/librsvg-2.0", "-I/usr/include/gdk-pixbuf-2.0"])]),

        // FreeType's and HarfBuzz's font-file openers, defined by the kiosk so that cairo and Pango
        // share one mapping of each font (font_files.c says how).
        .target(name: "CFontFiles", dependencies: ["CPangoCairo"], linkerSettings: [.linkedLibrary("freetype")]),

        .target(name: "KioskGraphics", dependencies: ["CCairo", "CPangoCairo", "CPixman", "CQREncode", "CTurboJPEG", "CRSVG",
                                                  "CDeferredLibraries", "CFontFiles", "KioskExpression"],
                swiftSettings: releaseSpeed),
        // The value types and services display, input and UI share: the clock, the scheduler, the loop.
        .target(name: "KioskPlatform", dependencies: ["KioskGraphics", "CLinux"], swiftSettings: mainActorCode),
        .target(name: "KioskUI", dependencies: ["KioskPlatform", "KioskGraphics"], swiftSettings: mainActorCode),
        .target(name: "KioskCompositor", dependencies: ["KioskUI", "KioskPlatform", "KioskGraphics"], swiftSettings: mainActorCode),
        .target(name: "KioskDRM", dependencies: ["KioskPlatform", "KioskGraphics", "CDRM", "CUdev", "CDeferredLibraries"],
                swiftSettings: mainActorCode),
        .target(name: "KioskInput", dependencies: ["KioskPlatform", "KioskGraphics", "CInput", "CUdev", "CXKBCommon",
                                                   "CDeferredLibraries"],
                swiftSettings: mainActorCode),
        // The formula language of live panels: pure values, no UI, usable from any thread.
        .target(name: "KioskExpression", swiftSettings: releaseSpeed,
                // ICU's C interface (regular expressions, date styles), which Foundation's own
                // formatters are built on and link already; named, as nothing imports it for Swift.
                linkerSettings: [.linkedLibrary("_FoundationICU")]),
        .target(name: "KioskConfig", dependencies: ["KioskUI", "KioskGraphics", "KioskExpression", "CYAML"], swiftSettings: mainActorCode),
        .target(name: "KioskRuntime",
                dependencies: ["KioskCompositor", "KioskUI", "KioskGraphics", "KioskPlatform", "KioskDRM", "KioskInput", "KioskConfig",
                               "KioskExpression", "CSystemd", "CSeat", "CCurl", "CLinux", "CVNCServer", "CMosquitto", "CDeferredLibraries"],
                swiftSettings: mainActorCode),
        // The arguments as the C library hands them to initializers (the installed binary is linked
        // without the standard library's own way of finding them: packaging/link/arguments.ld).
        .target(name: "CProcessArguments"),
        .executableTarget(name: "kiosk", dependencies: ["KioskRuntime", "CProcessArguments"], swiftSettings: mainActorCode),
        .executableTarget(name: "kiosk-bench", dependencies: ["KioskRuntime", "KioskPlatform"], swiftSettings: mainActorCode),
        .executableTarget(name: "kiosk-input-check", dependencies: ["KioskInput"], swiftSettings: mainActorCode),
        .executableTarget(name: "kiosk-display-check", dependencies: ["KioskDRM"], swiftSettings: mainActorCode),

        .target(name: "KioskTestSupport", dependencies: ["KioskGraphics"], path: "Tests/KioskTestSupport"),
        // The long run on the virtual clock (`make soak`); a program, so it measures a process of its own.
        .executableTarget(name: "kiosk-soak", dependencies: ["KioskRuntime", "KioskPlatform", "KioskTestSupport"], path: "Tests/Soak",
                          swiftSettings: mainActorCode),
        // Pango and cairo objects belong to one thread, as in the kiosk: graphics tests run on the main actor.
        .testTarget(name: "KioskGraphicsTests", dependencies: ["KioskGraphics", "KioskTestSupport"], exclude: ["Golden"],
                    swiftSettings: mainActorCode),
        .testTarget(name: "KioskUITests", dependencies: ["KioskUI", "KioskPlatform", "KioskTestSupport"],
                    swiftSettings: mainActorCode),
        .testTarget(name: "KioskPlatformTests", dependencies: ["KioskPlatform"], swiftSettings: mainActorCode),
        .testTarget(name: "KioskDRMTests", dependencies: ["KioskDRM", "KioskPlatform"], swiftSettings: mainActorCode),
        .testTarget(name: "KioskInputTests", dependencies: ["KioskInput", "KioskPlatform"], exclude: ["guest"], swiftSettings: mainActorCode),
        .testTarget(name: "KioskExpressionTests", dependencies: ["KioskExpression"]),
        .testTarget(name: "KioskConfigTests", dependencies: ["KioskConfig", "KioskExpression", "KioskTestSupport"],
                    exclude: ["Broken", "Valid"], swiftSettings: mainActorCode),
        .testTarget(name: "KioskRuntimeTests", dependencies: ["KioskRuntime", "KioskPlatform", "KioskExpression", "KioskTestSupport",
                                                         "CProcessArguments"],
                    exclude: ["DataSources/HTTP/http-test-server.py", "Remote/vnc-test-client.py"], swiftSettings: mainActorCode),
        .testTarget(name: "KioskCompositorTests",
                    dependencies: ["KioskCompositor", "KioskPlatform", "KioskRuntime", "KioskTestSupport"], exclude: ["Golden"], swiftSettings: mainActorCode),
    ]
)

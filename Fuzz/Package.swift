// swift-tools-version:6.2
// libFuzzer targets for KioskKit's parsers. They call libFuzzer's driver, which only
// `-sanitize=fuzzer` links in: that is why they live in a package of their own, out of the
// kiosk's `swift build`. Build and run them with `make fuzz` / `make fuzz-regression` (README.md).
import PackageDescription

/// A fuzzer: one file with the target function (`LLVMFuzzerTestOneInput`) and a `@main` that runs
/// libFuzzer on it.
func fuzzer(_ name: String) -> Target {
    .executableTarget(name: name, dependencies: ["FuzzSupport", .product(name: "KioskKit", package: "KioskKit")])
}

let package = Package(
    name: "KioskFuzz",
    dependencies: [.package(name: "KioskKit", path: "..")],
    targets: [
        .systemLibrary(name: "CLibFuzzer", path: "Sources/CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"]),

        // Bytes → ConfigLoader: YAML parsing, schema validation, references, styles (no rendering).
        fuzzer("fuzz-config"),
        // Bytes → ConfigLoader → the panels of a valid config built, run, tapped and drawn headless.
        fuzzer("fuzz-panel"),
        // Bytes → control-socket lines → JSONParser → ControlRequest / ControlReply.
        fuzzer("fuzz-control"),
        // Bytes → PanelScriptParser, the `kiosk test` script format.
        fuzzer("fuzz-script"),
        // Bytes → a property text → Formula.parse, check and evaluate (KioskExpression).
        fuzzer("fuzz-expression"),
    ]
)

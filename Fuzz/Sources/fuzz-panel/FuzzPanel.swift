import FuzzSupport
import KioskConfig
import KioskGraphics
import KioskRuntime

/// Any bytes the config loader accepts become panels that are built, laid out, drawn and run: a
/// config `kiosk check` passes must not take the kiosk down. The panels run on a small headless
/// screen, on the virtual clock, as `kiosk snapshot` and `kiosk test` run them: a second of frames,
/// animations and timers, taps on a grid of points and a swipe across, each followed by half a
/// second more, then a snapshot. Data sources do not run (nothing is fetched, no command is
/// started), so what is fuzzed is the reconciler, formulas, actions, navigation, layout and drawing.
/// A driver's error (an action refused, a snapshot that failed) is an answer, not a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPanel(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // libFuzzer calls the target on the thread it was started on, the main thread.
    MainActor.assumeIsolated { runPanels(of: bytes) }
    return 0
}

/// The screen the panels are shown on: small, so that each input draws quickly, and not the
/// 800x480 most examples are written for, so that layouts meet less room than they expect.
private let screenSize = Size(width: 240, height: 160)

/// Where the taps land: a 3x3 grid over the screen.
private let tapPoints: [Point] = [0.2, 0.5, 0.8].flatMap { y in
    [0.15, 0.5, 0.85].map { x in Point(x: x * screenSize.width, y: y * screenSize.height) }
}

@MainActor
private func runPanels(of bytes: [UInt8]) {
    guard case .success(let config) = ConfigLoader(registry: AdapterTable.standard.registry).load(bytes: bytes, file: "fuzz.yaml")
    else { return }
    let session = HeadlessPanelSession(config: config, configPath: "fuzz.yaml", size: screenSize, runsSources: false)
    let driver = session.driver
    try? session.advance(by: 1)
    for point in tapPoints {
        try? driver.tap(at: point)
        try? session.advance(by: 0.5)
    }
    try? driver.drag(from: Point(x: screenSize.width * 0.9, y: screenSize.height / 2),
                     to: Point(x: screenSize.width * 0.1, y: screenSize.height / 2))
    try? session.advance(by: 0.5)
    _ = try? driver.snapshot()
}

@main
enum PanelFuzzer {
    static func main() { runLibFuzzer(fuzzPanel) }
}

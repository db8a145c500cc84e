import Foundation
import KioskConfig
import KioskRuntime

// gauge-kiosk [--config kiosk.yaml] [--out gauge.png]: runs the config's panels headless with the
// dial component registered, feeds the dial a few readings as a sensor would, and writes the
// screen to a PNG. `emit` events (the dial's `on_alarm`) are printed as JSON lines.
let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
let configPath = arguments.value("config") ?? here + "/kiosk.yaml"
let output = arguments.value("out") ?? "gauge.png"

do {
    let session = try HeadlessPanelSession.load(path: configPath, adapters: DialComponent.adapters)
    session.host.onEmit = { event in print(event.jsonLine) }
    for reading in [35.0, 62.0, 86.0] {
        session.host.run([.set([Assignment(widgetID: "boiler", property: "value", value: .literal(.number(reading)))])])
        try session.advance(by: 0.5)
    }
    try session.snapshot().writePNG(to: output)
    print("gauge-kiosk: \(configPath) rendered to \(output)")
} catch {
    FileHandle.standardError.write(Data("gauge-kiosk: \(error)\n".utf8))
    exit(1)
}

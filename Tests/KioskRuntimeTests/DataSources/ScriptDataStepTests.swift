import Foundation
import Testing
import KioskConfig
import KioskRuntime

/// `kiosk test`'s `data:` step feeds any source, and `expect: {source: …}` reads it back. The
/// config's sources themselves fetch nothing in a script, so every run is the same.
@MainActor
struct ScriptDataStepTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "script-data-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try """
        sources:
          weather: {file: weather.json}
          note: {push: {}}
        panels:
          home:
            root: {type: label, id: status, text: Ready}
        """.write(toFile: directory + "/kiosk.yaml", atomically: true, encoding: .utf8)
        try #"{"temp": 99}"#.write(toFile: directory + "/weather.json", atomically: true, encoding: .utf8)
    }

    func run(_ steps: String) throws -> [String] {
        let path = directory + "/script.yaml"
        try "config: kiosk.yaml\nsize: 200x200\nsteps:\n\(steps)\n".write(toFile: path, atomically: true, encoding: .utf8)
        let runner = try PanelScriptRunner(script: try PanelScriptParser.parse(path: path))
        var lines: [String] = []
        runner.run { lines.append($0) }
        return lines
    }

    @Test func dataFeedsAnySourceAndExpectReadsIt() throws {
        let lines = try run("""
              - expect: {source: weather, field: stale, equals: "true"}
              - data: {source: weather, value: {temp: 21.5, sky: clear}}
              - expect: {source: weather, field: temp, equals: "21.5"}
              - expect: {source: weather, field: stale, equals: "false"}
              - data: {source: note, value: Back soon}
              - expect: {source: note, equals: Back soon}
              - expect: {source: weather, field: sky, equals: rain}
              - data: {source: wether, value: 1}
            """)
        #expect(lines[0...5].allSatisfy { $0.hasPrefix("ok") }, "\(lines)")
        #expect(lines[6].hasPrefix("FAIL") && lines[6].hasSuffix("weather.sky is 'clear'"), "\(lines[6])")
        #expect(lines[7].hasPrefix("FAIL") && lines[7].hasSuffix("no source 'wether'; did you mean 'weather'?"), "\(lines[7])")
        #expect(lines.last == "6 passed, 2 failed")
    }

    @Test func aDataStepNeedsASourceAndAValue() throws {
        #expect(throws: ConfigErrors.self) { try run("  - data: {source: weather}") }
    }
}

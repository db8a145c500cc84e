import Testing
import KioskConfig

@Suite struct SourceDecodingTests {
    static func sources(_ yaml: String) throws -> [SourceSpec] {
        let text = yaml + "\npanels:\n  home:\n    root:\n      type: label\n"
        return try ConfigLoader().load(text: text).get().sources
    }

    @Test func everyKindWithItsOptions() throws {
        let sources = try Self.sources("""
            sources:
              weather:
                http:
                  url: https://example.com/weather.json
                  interval: 5min
                  timeout: 3s
                  headers: {Authorization: Bearer abc}
                  max_bytes: 64KB
              status:
                file: {path: status.yaml, interval: 10s}
              load:
                command: {argv: [cat, /proc/loadavg], interval: 30s, format: text}
              note:
                push: {}
            """)
        #expect(sources == [
            SourceSpec(name: "weather", kind: .http(url: "https://example.com/weather.json", interval: 300, timeout: 3,
                                                    headers: ["Authorization": "Bearer abc"], format: .json),
                       maximumBytes: 64 * 1024),
            SourceSpec(name: "status", kind: .file(path: "status.yaml", format: .yaml, interval: 10)),
            SourceSpec(name: "load", kind: .command(argv: ["cat", "/proc/loadavg"], interval: 30, timeout: 10, format: .text)),
            SourceSpec(name: "note", kind: .push),
        ])
    }

    @Test func shorthandsAndDefaults() throws {
        let sources = try Self.sources("""
            sources:
              weather: {http: "https://example.com/w"}
              temperature: {file: /sys/class/thermal/thermal_zone0/temp}
              settings: {file: settings.json}
              uptime: {command: [uptime]}
              note: {push: true}
              other: {push: }
            """)
        #expect(sources.map(\.kind) == [
            .http(url: "https://example.com/w", interval: 60, timeout: 10, headers: [:], format: .json),
            .file(path: "/sys/class/thermal/thermal_zone0/temp", format: .auto, interval: nil),
            .file(path: "settings.json", format: .json, interval: nil),
            .command(argv: ["uptime"], interval: 60, timeout: 10, format: .auto),
            .push, .push,
        ])
        #expect(sources.allSatisfy { $0.maximumBytes == 1024 * 1024 })
    }

    @Test func aConfigWithoutSourcesHasNone() throws {
        #expect(try Self.sources("").isEmpty)
    }
}

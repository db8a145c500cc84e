import KioskConfig
import Testing

/// `after`, `every`, `cancel` and a panel's `timers:` decode to what was written, within the limits.
@Suite struct TimerDecodingTests {
    static func load(_ yaml: String) -> Result<KioskConfigSpec, ConfigErrors> {
        ConfigLoader().load(text: yaml, file: "timers.yaml")
    }

    static func messages(_ yaml: String) -> [String] {
        load(yaml).errors.map(\.description)
    }

    @Test func afterEveryAndCancelDecode() throws {
        let spec = try #require(Self.load("""
            panels:
              home:
                root:
                  type: button
                  id: go
                  on_tap:
                    - {after: {delay: 10s, do: [{goto: done}], id: back_home}}
                    - {every: {interval: 500ms, do: {emit: tick}}}
                    - {cancel: back_home}
              done:
                children: [{type: label, text: Done}]
            """).value)
        #expect(spec.widget(id: "go")?.actions["tap"] == [
            .after(id: "back_home", delay: 10, actions: [.goto(panel: "done", transition: .slide)]),
            .every(id: nil, interval: 0.5, actions: [.emit(event: "tick", value: nil)]),
            .cancel("back_home"),
        ])
    }

    @Test func panelTimersDecodeInOrder() throws {
        let spec = try #require(Self.load("""
            panels:
              start:
                children: [{type: label, text: Hi}]
              done:
                timers:
                  - {after: 10s, do: [{goto: start}]}
                  - {id: blink, every: 1s, do: {emit: blink}}
                children: [{type: label, text: Thanks}]
            """).value)
        #expect(spec.panel(id: "done")?.timers == [
            TimerSpec(schedule: .after(10), actions: [.goto(panel: "start", transition: .slide)]),
            TimerSpec(id: "blink", schedule: .every(1), actions: [.emit(event: "blink", value: nil)]),
        ])
        #expect(spec.panel(id: "start")?.timers == [])
        #expect(spec.timerIDs == ["blink"])
    }

    @Test func aSingleTimerNeedsNoList() throws {
        let spec = try #require(Self.load("""
            panels:
              home:
                timers: {every: 2min, do: {emit: ping}}
                children: [{type: label, text: Hi}]
            """).value)
        #expect(spec.panel(id: "home")?.timers == [TimerSpec(schedule: .every(120), actions: [.emit(event: "ping", value: nil)])])
    }

    @Test func aZeroDelayIsAllowedAndTheShortestIntervalIsTheLimit() {
        #expect(Self.messages("""
            panels:
              home:
                on_show: [{after: {delay: 0s, do: {emit: now}}}, {every: {interval: 50ms, do: {emit: fast}}}]
                children: [{type: label, text: Hi}]
            """) == [])
        #expect(Self.messages("""
            panels:
              home:
                on_show: {every: {interval: 49ms, do: {emit: fast}}}
                children: [{type: label, text: Hi}]
            """) == ["timers.yaml:3:33: error: interval too short for 'every.interval': expected at least 0.05s (50ms), "
                     + "such as 1s; a shorter one would keep the kiosk busy, found '49ms'"])
    }

    @Test func aDelayBeyondAYearIsOutOfRange() {
        let messages = Self.messages("""
            panels:
              home:
                on_show: {after: {delay: 400d, do: {emit: late}}}
                children: [{type: label, text: Hi}]
            """) + Self.messages("""
            panels:
              home:
                on_show: {after: {delay: 9000h, do: {emit: late}}}
                children: [{type: label, text: Hi}]
            """)
        #expect(messages.count == 2)
        #expect(messages[1].contains("3:30: error: value out of range for 'after.delay'"))
        #expect(messages[1].contains("up to 365 days"))
    }

    @Test func cancelFindsTimersDeclaredAnywhereInTheFile() {
        // Declared below the cancel, in another panel, and nested in another timer's actions.
        #expect(Self.messages("""
            panels:
              home:
                children:
                  - {type: button, title: Stop, on_tap: [{cancel: blink}, {cancel: inner}]}
              other:
                timers: [{id: blink, every: 1s, do: {after: {id: inner, delay: 1s, do: {emit: x}}}}]
                children: [{type: label, text: Hi}]
            """) == [])
    }

    @Test func anUnknownCancelSuggestsTheNearestTimer() {
        #expect(Self.messages("""
            panels:
              home:
                on_show: {after: {id: return_home, delay: 10s, do: {goto: home}}}
                children:
                  - {type: button, title: Stay, on_tap: {cancel: retrun_home}}
            """) == ["timers.yaml:5:54: error: unknown timer 'retrun_home' for 'cancel': expected the id of an 'after' "
                     + "or 'every' action or of a panel timer; did you mean 'return_home'?"])
    }

    @Test func valueHasNothingToStandForInATimer() {
        let messages = Self.messages("""
            panels:
              home:
                children:
                  - {type: label, id: status, text: ""}
                  - type: slider
                    on_change: {after: {delay: 1s, do: {set: {status.text: $value}}}}
            """)
        #expect(messages.count == 1, "\(messages)")
        #expect(messages.first?.contains("6:64: error: '$value' in a timer's actions") == true, "\(messages)")
    }

    @Test func actionsOutsideTheConfigMayCancelTheConfigsTimers() throws {
        let config = try #require(Self.load("""
            panels:
              home:
                timers: {id: blink, every: 1s, do: {emit: blink}}
                children: [{type: label, text: Hi}]
            """).value)
        let decoder = ActionDecoder()
        let known = try #require(YAMLParser.parse("{cancel: blink}", file: "script.yaml").root)
        #expect(decoder.actions(known, in: config).value == [.cancel("blink")])
        let unknown = try #require(YAMLParser.parse("{cancel: blinc}", file: "script.yaml").root)
        #expect(decoder.actions(unknown, in: config).errors.first?.description.contains("did you mean 'blink'?") == true)
    }

    /// Timers may nest (an `every` inside an `every`); how deep is bounded by the YAML reader's depth.
    @Test func nestingIsBoundedByTheDocumentsDepth() throws {
        func config(depth: Int) -> String {
            let nested = String(repeating: "{after: {delay: 1s, do: ", count: depth) + "{emit: x}"
                + String(repeating: "}}", count: depth)
            return "panels:\n  home:\n    on_show: \(nested)\n    children: [{type: label, text: Hi}]\n"
        }
        let spec = try #require(Self.load(config(depth: 90)).value)
        var depth = 0
        var actions = spec.panel(id: "home")?.onShow ?? []
        while let first = actions.first, !first.nestedActions.isEmpty {
            depth += 1
            actions = first.nestedActions
        }
        #expect(depth == 90)
        #expect(Self.messages(config(depth: 100)).first?.contains("nesting is deeper than 200 levels") == true)
    }
}

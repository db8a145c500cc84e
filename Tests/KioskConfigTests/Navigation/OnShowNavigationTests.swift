import KioskConfig
import Testing

/// `kiosk check` refuses `on_show` navigation that would never end, and only that.
@Suite struct OnShowNavigationTests {
    func errors(_ yaml: String) -> [ConfigError] {
        ConfigLoader().load(text: yaml).errors
    }

    @Test func aRedirectAndABounceBackAreFine() {
        #expect(errors("""
        panels:
          splash:
            on_show: {goto: home}
            children: [{type: label, text: Splash}]
          home:
            children:
              - {type: button, title: Closed, on_tap: {goto: closed}}
          closed:
            # Reached by a tap: says so, and returns to where the tap was.
            on_show: [{emit: closed_tapped}, back]
            children: [{type: label, text: Closed}]
        """).isEmpty)
    }

    @Test func aPanelShowingItselfIsNotALoop() {
        // A goto to the panel shown does nothing at run time.
        #expect(errors("""
        panels:
          home:
            on_show: {goto: home}
            children: [{type: label, text: Home}]
        """).isEmpty)
    }

    @Test func aLoopIsReportedOnceWhereverTheWalkEntersIt() {
        let found = errors("""
        panels:
          a:
            on_show: {goto: b}
            children: [{type: label, text: A}]
          b:
            on_show: {goto: c}
            children: [{type: label, text: B}]
          c:
            on_show: {goto: a}
            children: [{type: label, text: C}]
        """)
        #expect(found.map(\.detail).map { $0.prefix(while: { $0 != ":" }) } == ["on_show navigation never ends"])
        #expect(found.first?.message == "on_show navigation never ends: a → b → c → a")
        #expect(found.first.map { "\($0.line):\($0.column)" } == "3:14")
    }

    @Test func aChainLongerThanTheLimitIsReportedWithItsPanels() {
        let count = NavigationLimits.maximumNestedNavigations + 3
        var yaml = "panels:\n"
        for index in 0..<count {
            yaml += "  p\(index):\n"
            if index + 1 < count { yaml += "    on_show: {goto: p\(index + 1)}\n" }
            yaml += "    children: [{type: label, text: P}]\n"
        }
        let found = errors(yaml)
        #expect(found.count == 1, "one chain, one error")
        #expect(found.first?.message == "on_show navigation goes on for more than 8 panel changes: "
                    + (0...9).map { "p\($0)" }.joined(separator: " → "))
        #expect(found.first.map { "\($0.line):\($0.column)" } == "3:14")
    }
}

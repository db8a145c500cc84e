import KioskConfig
import Testing

/// `swipe:`, `swipe_order:`, `swipe_indicator:` and `overlay:`: what they give, and their mistakes
/// at file:line:column with a suggestion.
struct SwipeDecodingTests {
    static let panels = """
        panels:
          home: {children: [{type: label, text: Home}]}
          energy: {children: [{type: label, text: Energy}]}
          settings:
            swipe: {up: energy}
            children: [{type: label, text: Settings}]
        """

    func load(_ yaml: String) -> Result<KioskConfigSpec, ConfigErrors> {
        ConfigLoader().load(text: yaml, file: "swipe.yaml")
    }

    @Test func swipeOrderGivesNeighboursAndAPanelsOwnSwipeWins() throws {
        let spec = try #require(load("swipe_order: [home, energy, settings]\nswipe_indicator: true\n" + Self.panels).value)
        #expect(spec.swipeIndicator)
        #expect(spec.swipeNeighbours(of: "home") == SwipeNeighbours(left: "energy"))
        #expect(spec.swipeNeighbours(of: "energy") == SwipeNeighbours(left: "settings", right: "home"))
        #expect(spec.swipeNeighbours(of: "settings") == SwipeNeighbours(right: "energy", up: "energy"))
    }

    @Test func anUnknownPanelIsReportedWhereItIsWrittenWithTheNearestName() {
        let errors = load("swipe_order: [home, enrgy]\n" + Self.panels.replacingOccurrences(of: "up: energy", with: "down: setings")).errors
        #expect(errors.count == 2)
        #expect(errors.contains { $0.description == "swipe.yaml:6:19: error: unknown panel 'setings'; did you mean 'settings'?" })
        #expect(errors.contains { $0.description == "swipe.yaml:1:21: error: unknown panel 'enrgy'; did you mean 'energy'?" })
    }

    @Test func otherMistakesAreReported() {
        let errors = load("""
            swipe_order: [home, home]
            swipe_indicator: maybe
            overlay: {chidren: []}
            panels:
              home:
                swipe: {sideways: home, left: home}
                children: [{type: label, text: Home}]
            """).errors.map(\.description)
        #expect(errors.contains { $0.contains("swipe.yaml:6:13: error: unknown key 'sideways' in 'swipe' of panel 'home'") })
        #expect(errors.contains { $0.contains("swipe.yaml:6:35: error: panel 'home' swipes left to itself") })
        #expect(errors.contains { $0.contains("swipe.yaml:3:11: error: unknown key 'chidren' in 'overlay'") && $0.contains("children") })
        #expect(errors.contains { $0.contains("swipe.yaml:2:18: error: invalid value for 'swipe_indicator'") })
        #expect(errors.contains { $0.contains("swipe.yaml:1:21: error: panel 'home' is listed twice in 'swipe_order'") })
    }

    @Test func theOverlayIsAWidgetTreeWhoseIdsActionsAndFormulasCanUse() throws {
        let spec = try #require(load("""
            overlay:
              children:
                - {type: label, id: clock, text: "= panel"}
                - {type: button, id: home_button, title: Home, on_tap: {set: {clock.text: Pressed}}}
            panels:
              home: {children: [{type: label, text: "= clock.text"}]}
            """).value)
        #expect(spec.overlay?.type == "stack")
        #expect(spec.overlay?.children.map(\.id) == ["clock", "home_button"])
        #expect(spec.widget(id: "clock")?.type == "label")
    }
}

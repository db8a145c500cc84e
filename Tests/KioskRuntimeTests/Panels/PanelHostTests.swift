import Foundation
import Glibc
import KioskConfig
import KioskGraphics
import KioskRuntime
import KioskUI
import Testing

/// Navigation, actions, events from widgets, locale and appearance.
@MainActor
struct PanelHostTests {
    static let config = """
    strings:
      en: {hello: Hello, sure: Sure?}
      es: {hello: Hola, sure: ¿Seguro?}
    panels:
      home:
        on_show: {emit: home_shown}
        children:
          - {type: label, id: greeting, text: "@hello", size: [200, 30]}
          - {type: label, id: status, text: Ready, size: [200, 30]}
          - type: marked_slider
            id: level
            on_change: {set: {status.text: $value}}
            on_commit:
              - {emit: {event: level_saved, value: $value}}
              - alert:
                  title: "@sure"
                  buttons:
                    - {title: No}
                    - {title: Yes, actions: [{goto: {panel: second, transition: fade}}]}
      second:
        on_show: {emit: second_shown}
        children:
          - {type: label, id: second_label, text: Second}
    """

    @Test func startShowsTheStartPanelAndRunsOnShow() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        #expect(kiosk.host.currentPanelID == "home")
        #expect(kiosk.host.emittedEvents == [EmittedEvent(name: "home_shown")])
    }

    @Test func gotoAndBackWithTransitionsOnTheVirtualClock() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        kiosk.host.goto("second")
        #expect(kiosk.host.isAnimating)
        try kiosk.session.advance(by: 0.1)
        let halfway = try #require(kiosk.session.display.screen.view(withID: "kiosk.panel.second"))
        #expect(halfway.transform != .identity, "the panel is still sliding in")
        try kiosk.session.renderUntilIdle()
        #expect(!kiosk.host.isAnimating)
        #expect(halfway.transform == .identity)
        #expect(kiosk.session.display.screen.view(withID: "greeting") == nil, "the old panel left the screen")
        #expect(kiosk.host.emittedEvents.map(\.name) == ["home_shown", "second_shown"])
        kiosk.host.back()
        try kiosk.session.renderUntilIdle()
        #expect(kiosk.host.currentPanelID == "home")
        #expect(kiosk.host.emittedEvents.map(\.name).last == "home_shown")
        kiosk.host.back()
        #expect(kiosk.host.currentPanelID == "home", "back on the first panel does nothing")
    }

    @Test func widgetEventsRunTheirActionsWithTheValue() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        var forwarded: [String] = []
        kiosk.host.onEmit = { forwarded.append($0.jsonLine) }
        kiosk.host.handle(event: "change", from: "level", value: .number(4))
        #expect(kiosk.host.value(of: "text", widget: "status") == .text(.literal("4")))
        kiosk.host.handle(event: "commit", from: "level", value: .number(4))
        #expect(kiosk.host.emittedEvents.last == EmittedEvent(name: "level_saved", value: .number(4)))
        #expect(forwarded == [#"{"event":"emit","name":"level_saved","value":4}"#])
        #expect(kiosk.host.pendingAlerts.map(\.title) == ["Sure?"])
        #expect(kiosk.host.pendingAlerts.first?.buttons.map(\.title) == ["No", "Yes"])
        kiosk.host.respondToAlert(buttonIndex: 1)
        #expect(kiosk.host.pendingAlerts.isEmpty)
        #expect(kiosk.host.currentPanelID == "second")
    }

    @Test func alertsGoToThePresenterWhenOneIsSet() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        var presented: [AlertRequest] = []
        kiosk.host.presentAlert = { presented.append($0) }
        kiosk.host.handle(event: "commit", from: "level", value: .number(1))
        #expect(presented.map(\.title) == ["Sure?"])
    }

    @Test func localeAndAppearanceReRender() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let light = try kiosk.picture()
        kiosk.host.run([.setLocale("es")])
        #expect((kiosk.session.display.screen.view(withID: "greeting") as? Label)?.text == "Hola")
        #expect(kiosk.session.display.screen.environment.locale == "es")
        kiosk.host.run([.setLocale("en"), .setAppearance(.toggle)])
        #expect(kiosk.host.appearance == .dark)
        #expect(!(try kiosk.picture().difference(from: light).isEmpty))
        kiosk.host.run([.setAppearance(.toggle)])
        #expect(try kiosk.picture().difference(from: light).isEmpty, "back to light gives the same pixels")
    }

    @Test func setReachesPanelsNotShownYet() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        kiosk.host.run([.set([Assignment(widgetID: "second_label", property: "text", value: .literal(.text(.literal("Early"))))])])
        kiosk.host.goto("second", transition: .none)
        #expect((kiosk.session.display.screen.view(withID: "second_label") as? Label)?.text == "Early")
    }

    @Test func accessibilityTreeListsLabelledWidgets() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let tree = AccessibilityTree.describe(kiosk.host)
        #expect(tree.hasPrefix("panel home\n"))
        #expect(tree.contains("label #greeting \"Hello\""))
    }

    /// A picture the config names that cannot be read fails validation, like any other mistake:
    /// the reload changes nothing and says where.
    @Test func anImageThatCannotBeReadFailsTheReload() throws {
        let kiosk = try PanelSessionFixture("panels:\n  home:\n    children:\n      - {type: label, id: title, text: Hi}\n")
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: kiosk.directory + "/broken.png"))
        #expect(mkfifo(kiosk.directory + "/pipe.png", 0o600) == 0)
        let errors = try #require(try kiosk.edit("""
        panels:
          home:
            children:
              - {type: label, id: title, text: Hi}
              - {type: image, id: logo, source: missing.png, size: [40, 40]}
              - {type: avatar, id: face, image: broken.png, size: [40, 40]}
              - {type: image, id: pipe, source: pipe.png, size: [40, 40]}
        """))
        let lines = errors.errors.map(\.description)
        #expect(lines.contains { $0.contains(":5:41: error: image 'source': the file does not exist") })
        #expect(lines.contains { $0.contains(":6:41: error: avatar 'image': cannot read image") && $0.contains("not a PNG, JPEG or SVG") })
        #expect(lines.contains { $0.contains(":7:41: error: image 'source': the file is a FIFO") })
        #expect(kiosk.session.display.screen.view(withID: "logo") == nil)
        #expect(kiosk.session.display.screen.view(withID: "title") != nil)
    }

    /// A path bound to a formula is only known as the kiosk runs: a picture it cannot read is
    /// logged, once, and the rest of the panel shows.
    @Test func aBoundImageThatCannotBeReadIsLoggedOnceAndTheRestOfThePanelShows() throws {
        let kiosk = try PanelSessionFixture("panels:\n  home:\n    children:\n      - {type: label, id: title, text: Hi}\n")
        let errors = try kiosk.edit("""
        panels:
          home:
            children:
              - {type: label, id: title, text: Hi}
              - {type: image, id: logo, source: "= 'missing' + '.png'", size: [40, 40]}
              - {type: image, id: again, source: "= 'missing.png'", size: [40, 40]}
        """)
        #expect(errors == nil)
        let expected = "image 'missing.png': cannot read image \(kiosk.directory)/missing.png: it does not exist; nothing is shown in its place"
        #expect(kiosk.logged.filter { $0.hasSuffix(expected) }.count == 1, "\(kiosk.logged)")
        #expect(kiosk.session.display.screen.view(withID: "logo") != nil)
        #expect(kiosk.session.display.screen.view(withID: "title") != nil)
    }
}

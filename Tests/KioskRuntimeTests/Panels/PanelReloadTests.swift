import Glibc
import KioskConfig
import KioskGraphics
import KioskPlatform
import KioskRuntime
import KioskUI
import Testing

/// Reloading an edited config: what changed shows, what people did survives, a broken edit changes nothing.
@MainActor
struct PanelReloadTests {
    static func config(label: String = "Ready", color: String = "system_blue", extra: String = "", ring: Bool = true) -> String {
        """
        panels:
          home:
            root:
              type: stack
              alignment: leading
              children:
                - {type: label, id: status, text: \(label), size: [200, 30]}
                - {type: marked_slider, id: level, value: 2, max: 10, active_color: \(color), size: [300, 44]}
                - type: stack
                  id: ring_box
                  size: [100, 100]
                  children: \(ring ? "[{type: progress, id: ring, value: 0.5, size: [100, 100]}]" : "[]")
        \(extra)
                - {type: spacer}
          other:
            children:
              - {type: label, id: other_label, text: Other}
        """
    }

    /// What a person did before the reload: moved the slider (through the action a drag runs).
    func moveSlider(_ kiosk: PanelSessionFixture) throws {
        kiosk.host.run([.set([Assignment(widgetID: "level", property: "value", value: .literal(.number(7)))])])
        try kiosk.session.renderUntilIdle()
    }

    func expectDamage(_ kiosk: PanelSessionFixture, within rect: PixelRect, margin: Int) {
        let damage = kiosk.lastDamage.bounds
        #expect(!damage.isEmpty)
        #expect(damage.x >= rect.x - margin && damage.y >= rect.y - margin
                && damage.maxX <= rect.maxX + margin && damage.maxY <= rect.maxY + margin,
                "damage \(damage) should stay within \(rect)")
    }

    @Test func aChangedLabelShowsAndTheSliderKeepsItsValue() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        try moveSlider(kiosk)
        let slider = try #require(kiosk.session.display.screen.view(withID: "level") as? MarkedSlider)
        try kiosk.edit(Self.config(label: "Busy"))
        #expect((kiosk.session.display.screen.view(withID: "status") as? Label)?.text == "Busy")
        #expect(kiosk.session.display.screen.view(withID: "level") === slider, "same widget object")
        #expect(slider.value == 7, "a property the edit did not change keeps its live value")
        expectDamage(kiosk, within: kiosk.frame(of: "status"), margin: 3)
    }

    @Test func anAddedWidgetAppearsAndOnlyItsAreaIsRepainted() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        try moveSlider(kiosk)
        try kiosk.edit(Self.config(extra: "        - {type: label, id: added, text: New, size: [120, 24]}"))
        let added = try #require(kiosk.session.display.screen.view(withID: "added") as? Label)
        #expect(added.text == "New")
        #expect((kiosk.session.display.screen.view(withID: "level") as? MarkedSlider)?.value == 7)
        expectDamage(kiosk, within: kiosk.frame(of: "added"), margin: 3)
    }

    /// Removing a view damages its parent (KioskUI relayouts it), so the ring sits in a box of its own.
    @Test func aRemovedWidgetGoesAndOnlyItsAreaIsRepainted() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        let ringFrame = kiosk.frame(of: "ring")
        #expect(try kiosk.edit(Self.config(ring: false)) == nil)
        #expect(kiosk.session.display.screen.view(withID: "ring") == nil)
        #expect(kiosk.host.node(forWidget: "ring") == nil)
        expectDamage(kiosk, within: ringFrame, margin: 3)
    }

    @Test func aChangedSliderColourShowsAndTheValueStays() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        try moveSlider(kiosk)
        let before = try kiosk.picture()
        try kiosk.edit(Self.config(color: "system_red"))
        let slider = try #require(kiosk.session.display.screen.view(withID: "level") as? MarkedSlider)
        #expect(slider.activeColor == .systemRed)
        #expect(slider.value == 7)
        #expect(!(try kiosk.picture().difference(from: before).isEmpty))
        expectDamage(kiosk, within: kiosk.frame(of: "level"), margin: 9)
    }

    @Test func aBrokenEditChangesNothing() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        try moveSlider(kiosk)
        kiosk.host.goto("other", transition: .none)
        kiosk.host.back(transition: .none)
        let before = try kiosk.picture()
        let configBefore = kiosk.host.config
        let broken = Self.config(label: "Busy").replacingOccurrences(of: "size: [200, 30]", with: "sise: [200, 30]")
        let errors = try #require(try kiosk.edit(broken))
        #expect(errors.errors.first?.description.contains("did you mean 'size'") == true)
        #expect(kiosk.host.config == configBefore)
        #expect(kiosk.host.currentPanelID == "home")
        #expect((kiosk.session.display.screen.view(withID: "level") as? MarkedSlider)?.value == 7)
        #expect(!kiosk.session.display.compositor.needsFrame, "nothing on screen was touched")
        #expect(try kiosk.picture().difference(from: before).isEmpty)
        #expect(kiosk.logged.last?.contains("reload refused") == true)
    }

    @Test func theCurrentPanelStaysUnlessItIsGone() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        kiosk.host.goto("other", transition: .none)
        try kiosk.edit(Self.config(label: "Busy"))
        #expect(kiosk.host.currentPanelID == "other")
        let withoutOther = Self.config().components(separatedBy: "  other:")[0]
        try kiosk.edit(withoutOther)
        #expect(kiosk.host.currentPanelID == "home")
        #expect(kiosk.host.backStack.isEmpty)
    }

    @Test func fileChangesReloadThroughTheLoop() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        let loop = try EventLoop()
        try kiosk.host.watch(path: kiosk.path, loop: loop)
        try Self.config(label: "Watched").write(toFile: kiosk.path, atomically: true, encoding: .utf8)
        // A timer only so that a missing notification fails the test instead of blocking it.
        _ = try loop.addTimer(after: 5) {}
        try loop.runOnce()
        #expect((kiosk.session.display.screen.view(withID: "status") as? Label)?.text == "Watched")
    }

    @Test func aConfigReplacedByAFIFOIsRefusedAndTheLoopGoesOn() throws {
        let kiosk = try PanelSessionFixture(Self.config())
        let configBefore = kiosk.host.config
        let loop = try EventLoop()
        try kiosk.host.watch(path: kiosk.path, loop: loop)
        // Deploy tools rename over the config; here what they put there is a FIFO nobody writes to.
        let fifo = kiosk.directory + "/incoming"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(rename(fifo, kiosk.path) == 0)
        _ = try loop.addTimer(after: 5) {}
        try loop.runOnce()
        #expect(kiosk.logged.last?.contains("reload refused") == true)
        #expect(kiosk.logged.last?.contains("the config file is a FIFO") == true)
        #expect(kiosk.host.config == configBefore)
        // SIGHUP reloads the same way.
        #expect(kiosk.host.reload(path: kiosk.path)?.errors.first?.message == "the config file is a FIFO")
    }
}

import KioskConfig
import KioskGraphics
import KioskRuntime
import KioskUI
import Testing

/// Slides, fades and swipes between panels compose the two panels from layers painted once; every
/// frame must equal the same screen painted view by view, and the overlay must not move.
@MainActor
struct PanelLayerCompositionTests {
    static let config = """
        swipe_order: [home, energy]
        swipe_indicator: true
        overlay:
          children:
            - type: stack
              axis: horizontal
              padding: {horizontal: 8, vertical: 4}
              background: secondary_system_background
              children:
                - {type: label, id: where, text: "= panel"}
                - {type: spacer}
                - {type: button, id: home_button, title: Home, on_tap: {goto: {panel: home, transition: none}}}
            - {type: spacer}
        panels:
          home:
            root:
              type: stack
              padding: {top: 50, horizontal: 16}
              children:
                - {type: card, title: A card, subtitle: with a shadow}
                - {type: slider, id: level, value: 0.5}
                - {type: label, text: Below the slider}
          energy:
            root:
              type: stack
              padding: {top: 50, horizontal: 16}
              background: system_indigo
              children:
                - {type: label, text: Energy, color: white, font: title}
                - {type: switch, on: true}
        """

    /// Runs frames one refresh apart until `done`, checking each against the view-by-view painting.
    func expectEveryFrameComposedExactly(_ fixture: PanelSessionFixture, until done: () -> Bool) throws -> Int {
        let display = fixture.session.display
        var frames = 0
        while !done() && frames < 200 {
            try display.advance(by: display.refreshInterval)
            let reference = display.compositor.renderFullFrameWithoutLayers()
            let difference = display.compositor.shadowBuffer.difference(from: reference)
            #expect(difference.isEmpty, "frame \(frames): \(difference.differingPixels) pixels differ in \(difference.differingBounds)")
            frames += 1
        }
        return frames
    }

    func panelView(_ fixture: PanelSessionFixture, _ id: String) -> View {
        fixture.session.display.screen.view(withID: "kiosk.panel." + id)!
    }

    @Test(arguments: [Transition.slide, Transition.fade])
    func aTransitionComposesLayersPaintedOnce(kind: Transition) throws {
        let fixture = try PanelSessionFixture(Self.config, size: Size(width: 320, height: 240))
        let compositor = fixture.session.display.compositor
        let home = panelView(fixture, "home")
        fixture.host.goto("energy", transition: kind)
        let energy = panelView(fixture, "energy")
        var paints: [Int] = []
        let frames = try expectEveryFrameComposedExactly(fixture) {
            paints.append(compositor.layerPaintCount(of: home) + compositor.layerPaintCount(of: energy))
            return !fixture.host.isAnimating
        }
        #expect(frames >= 10)
        // Each panel's layer was painted once, at the first frame, and only composed after that.
        #expect(paints.dropFirst(2).dropLast().allSatisfy { $0 == 2 }, "\(paints)")
        // The layers go with the transition: a panel shown alone is painted as views again.
        #expect(!energy.composesAsLayer && !home.composesAsLayer)
    }

    @Test func theOverlayStaysStillWhileThePanelsSlide() throws {
        let fixture = try PanelSessionFixture(Self.config, size: Size(width: 320, height: 240))
        let display = fixture.session.display
        // The button (the label beside it names the panel, which changes at once).
        let bar = fixture.frame(of: "home_button")
        let before = try fixture.picture()
        fixture.host.goto("energy", transition: .slide)
        try display.advance(by: 0.1)
        #expect(fixture.host.isAnimating)
        let during = display.compositor.shadowBuffer.copy()
        #expect(during.difference(from: before).differingPixels > 1000)
        for y in bar.y..<bar.maxY {
            for x in bar.x..<bar.maxX where during.pixel(x: x, y: y) != before.pixel(x: x, y: y) {
                Issue.record("overlay pixel (\(x), \(y)) moved")
                return
            }
        }
    }

    @Test func anInteractiveSwipeComposesEveryFrameAndCompletes() throws {
        let fixture = try PanelSessionFixture(Self.config, size: Size(width: 320, height: 240))
        let driver = fixture.session.driver
        let display = fixture.session.display
        let finger = driver.touchDown(at: Point(x: 280, y: 200))
        for step in 1...15 {
            try display.advance(by: display.refreshInterval)
            driver.touchMove(finger, to: Point(x: 280 - Double(step) * 12, y: 200))
            try display.advance(by: display.refreshInterval)
            let difference = display.compositor.shadowBuffer.difference(from: display.compositor.renderFullFrameWithoutLayers())
            #expect(difference.isEmpty, "move \(step): \(difference.differingPixels) pixels differ")
        }
        #expect(fixture.host.isSwiping)
        // Past half of the screen, released without a fling: the swipe completes.
        try display.advance(by: 0.2)
        driver.touchUp(finger, at: Point(x: 100, y: 200))
        _ = try expectEveryFrameComposedExactly(fixture) { !fixture.host.isSwiping }
        #expect(fixture.host.currentPanelID == "energy")
        #expect(fixture.host.backStack == ["home"])
    }

    @Test func aShortSlowSwipeSpringsBack() throws {
        let fixture = try PanelSessionFixture(Self.config, size: Size(width: 320, height: 240))
        let driver = fixture.session.driver
        let display = fixture.session.display
        let before = try fixture.picture()
        let finger = driver.touchDown(at: Point(x: 280, y: 200))
        for step in 1...30 {
            try display.advance(by: display.refreshInterval)
            driver.touchMove(finger, to: Point(x: 280 - Double(step) * 3, y: 200))
        }
        try display.advance(by: 0.1)
        driver.touchUp(finger, at: Point(x: 190, y: 200))
        try fixture.session.renderUntilIdle()
        #expect(fixture.host.currentPanelID == "home")
        #expect(try fixture.picture().difference(from: before).isEmpty)
    }

    @Test func aDragOnASliderMovesTheSliderNotThePanel() throws {
        let fixture = try PanelSessionFixture(Self.config, size: Size(width: 320, height: 240))
        let slider = fixture.frame(of: "level")
        let driver = fixture.session.driver
        let display = fixture.session.display
        let finger = driver.touchDown(at: Point(x: Double(slider.x + slider.width / 2), y: Double(slider.y + slider.height / 2)))
        for step in 1...10 {
            try display.advance(by: display.refreshInterval)
            driver.touchMove(finger, to: Point(x: Double(slider.x + slider.width / 2) - Double(step) * 20, y: Double(slider.y + slider.height / 2)))
        }
        driver.touchUp(finger, at: Point(x: 0, y: Double(slider.y + slider.height / 2)))
        try fixture.session.renderUntilIdle()
        #expect(fixture.host.currentPanelID == "home")
        #expect(fixture.host.value(of: "value", widget: "level") == .number(0))
    }

    @Test func theOverlayButtonWorksOnEveryPanelAndItsEmptyPartPassesTouches() throws {
        let fixture = try PanelSessionFixture(Self.config, size: Size(width: 320, height: 240))
        try fixture.session.driver.tap(at: Point(x: 100, y: 200))
        #expect(fixture.host.currentPanelID == "home")
        fixture.host.goto("energy", transition: .none)
        try fixture.session.renderUntilIdle()
        #expect(fixture.host.value(of: "text", widget: "where") == .text(.literal("energy")))
        try fixture.session.driver.tap(id: "home_button")
        #expect(fixture.host.currentPanelID == "home")
        // Below the bar, the overlay shows nothing: a touch there is the panel's.
        let screen = fixture.session.display.screen
        #expect(screen.hitTest(Point(x: 160, y: 150))?.isDescendant(of: screen.view(withID: "kiosk.panel.home")!) == true)
        #expect(screen.hitTest(Point(x: 160, y: 10))?.isDescendant(of: screen.view(withID: "kiosk.overlay")!) == true)
    }
}

import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

@MainActor
struct ModalAndScrollTests {
    @Test func alertBlocksTouchesBelowAndItsButtonDismissesIt() throws {
        let panel = ControlPanel()
        let driver = try panel.makeDriver()
        var confirmed = 0
        let alert = Alert(title: "Saved", message: "Your settings were saved.",
                          actions: [Alert.Action(title: "OK") { confirmed += 1 }])
        alert.present(on: driver.screen)
        try driver.advance(by: 0.1)
        #expect(alert.alpha > 0 && alert.alpha < 1, "fading in")
        try driver.settle()
        #expect(alert.alpha == 1)
        try driver.tap(id: "save")
        try driver.tap(id: "card")
        #expect(panel.saveTaps == 0 && panel.cardTaps == 0)
        #expect(driver.accessibilityTree().contains("modal"))
        try driver.tap(id: "alert.OK")
        #expect(confirmed == 1)
        #expect(alert.superview == nil)
        #expect(!alert.isPresented)
        FrameChecks.partialEqualsFull(driver)
        try driver.tap(id: "save")
        #expect(panel.saveTaps == 1)
    }

    private func scrollScene() -> (View, ScrollView, Button) {
        let root = View()
        root.backgroundColor = .systemBackground
        let scroll = ScrollView()
        scroll.id = "scroll"
        scroll.frame = Rect(x: 0, y: 0, width: 300, height: 400)
        scroll.contentSize = Size(width: 300, height: 2000)
        let inner = Button(title: "Row button")
        inner.id = "inner"
        inner.frame = Rect(x: 20, y: 100, width: 260, height: 60)
        scroll.contentView.addSubview(inner)
        for index in 0..<20 {
            let row = Label("Row \(index)")
            row.frame = Rect(x: 20, y: Double(index) * 100 + 20, width: 200, height: 30)
            row.isUserInteractionEnabled = false
            scroll.contentView.addSubview(row)
        }
        root.addSubview(scroll)
        return (root, scroll, inner)
    }

    @Test func scrollViewFlingsDeceleratesAndSettles() throws {
        let (root, scroll, inner) = scrollScene()
        var innerTaps = 0, innerCancels = 0
        inner.addAction(for: .primaryAction) { _ in innerTaps += 1 }
        inner.addAction(for: .touchCancel) { _ in innerCancels += 1 }
        let driver = HeadlessDriver(size: Size(width: 300, height: 400), rootView: root)
        try driver.settle()
        // A quick upward flick that starts on the button.
        try driver.drag(from: Point(x: 150, y: 130), to: Point(x: 150, y: 30), duration: 0.1)
        #expect(innerTaps == 0)
        #expect(innerCancels == 1, "dragging past the slop cancels the button's touch")
        let released = scroll.contentOffset
        #expect(released >= 80, "follows the finger from where the drag passed the slop")
        try driver.advance(by: 0.2)
        let coasting = scroll.contentOffset
        #expect(coasting > released, "momentum carries the content on")
        let frames = try driver.settle()
        #expect(frames > 0)
        #expect(scroll.contentOffset > coasting)
        #expect(scroll.contentOffset <= scroll.maximumOffset)
        #expect(try driver.advance(by: 5) == 0, "settled: no more frames")
        FrameChecks.damageIsConfined(driver, to: [scroll])
        FrameChecks.partialEqualsFull(driver)
    }

    @Test func scrollViewBouncesBackFromTheEdge() throws {
        let (root, scroll, _) = scrollScene()
        let driver = HeadlessDriver(size: Size(width: 300, height: 400), rootView: root)
        try driver.settle()
        // Pull down past the top edge and let go.
        try driver.drag(from: Point(x: 150, y: 50), to: Point(x: 150, y: 290), duration: 0.5)
        #expect(scroll.contentOffset < 0)
        #expect(scroll.contentOffset > -240, "past the edge the content follows the finger at a resistance")
        try driver.settle()
        #expect(abs(scroll.contentOffset) < 0.5)
    }

    @Test func gridLaysOutEqualColumnsMirroredForRightToLeft() throws {
        let grid = GridView(columns: 3, spacing: 10)
        let items = (0..<5).map { _ in View() }
        for item in items { item.fixedSize = SizeConstraint(height: 40); grid.addSubview(item) }
        let screen = Screen(size: Size(width: 320, height: 200), rootView: grid)
        screen.layoutIfNeeded()
        #expect(items[0].frame == Rect(x: 0, y: 0, width: 100, height: 40))
        #expect(items[2].frame.minX == 220)
        #expect(items[3].frame == Rect(x: 0, y: 50, width: 100, height: 40))
        grid.environmentOverrides = EnvironmentOverrides(layoutDirection: .rightToLeft)
        screen.layoutIfNeeded()
        #expect(items[0].frame.minX == 220)
    }
}

@MainActor
struct ScaledScreenTests {
    @Test func touchesMapThroughTheScreenScale() throws {
        let panel = ControlPanel()
        let driver = HeadlessDriver(size: ControlPanel.size, scale: 2, rootView: panel.root)
        try driver.settle()
        let y = try driver.center(of: "slider").y
        #expect(y == 242)
        try driver.tap(at: Point(x: 20 + 14 + 272 * 0.5, y: y))
        #expect(abs(panel.slider.value - 0.5) < 0.01)
        try driver.tap(id: "card")
        #expect(panel.cardTaps == 1)
        FrameChecks.partialEqualsFull(driver)
    }

    @Test func scrollViewMeasuresItsContentWhenNoSizeIsGiven() {
        let scroll = ScrollView()
        let item = View(frame: Rect(x: 0, y: 900, width: 100, height: 100))
        scroll.contentView.addSubview(item)
        scroll.frame = Rect(x: 0, y: 0, width: 200, height: 400)
        #expect(scroll.maximumOffset == 600)
    }
}

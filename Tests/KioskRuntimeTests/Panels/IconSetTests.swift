import KioskConfig
import KioskRuntime
import KioskUI
import Testing

/// An icon name given at run time (a `set`, the control socket's `set`) reaches the view, as a
/// written one does.
@MainActor
struct IconSetTests {
    static let config = """
    panels:
      home:
        root: {type: image, id: icon, symbol: gear, size: [48, 48]}
    """

    @Test func aSetIconNameIsShown() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        kiosk.host.run([.set([Assignment(widgetID: "icon", property: "symbol", value: .literal(.string("pencil")))])])
        try kiosk.session.renderUntilIdle()
        let image = try #require(kiosk.session.display.screen.view(withID: "icon") as? ImageView)
        #expect(image.symbol == .pencil)
        #expect(kiosk.logged.isEmpty, "\(kiosk.logged)")
    }

    @Test func aSetMaterialDesignNameIsShown() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        kiosk.host.run([.set([Assignment(widgetID: "icon", property: "symbol", value: .literal(.string("mdi:parking")))])])
        try kiosk.session.renderUntilIdle()
        let image = try #require(kiosk.session.display.screen.view(withID: "icon") as? ImageView)
        #expect(image.icon == Icon(named: "mdi:parking"))
        #expect(kiosk.logged.isEmpty, "\(kiosk.logged)")
    }
}

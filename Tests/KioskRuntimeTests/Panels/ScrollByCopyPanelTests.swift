import KioskCompositor
import KioskConfig
import KioskExpression
import KioskGraphics
import KioskUI
import Testing
@testable import KioskRuntime

/// A panel's `list`, written without a background of its own, scrolls by moving the pixels already
/// painted: the panel behind it is one colour and nothing else is painted there.
@MainActor
struct ScrollByCopyPanelTests {
    let yaml = """
        state:
          orders: []
        panels:
          home:
            root:
              type: stack
              spacing: 12
              children:
                - {type: label, text: Orders, font: title}
                - type: list
                  id: orders
                  items: "= state.orders"
                  key: "= $item.id"
                  row_height: 48
                  spacing: 4
                  size: [600, 360]
                  row:
                    type: stack
                    axis: horizontal
                    spacing: 12
                    background: secondary_system_background
                    children:
                      - {type: label, text: "${$index + 1}", color: secondary_label}
                      - {type: label, text: "${$item.name}", font: headline}
        """

    @Test func aFlingFrameMovesThePixelsAndPaintsTheNewRows() throws {
        let spec = try ConfigLoader().load(text: yaml, file: "list.yaml").get()
        let session = HeadlessPanelSession(config: spec, configPath: "list.yaml", size: Size(width: 800, height: 480))
        session.host.live.setState("orders", .list((0..<200).map { index in
            .record(["id": .number(Double(index)), "name": .text("Order \(index)")])
        }))
        try session.renderUntilIdle()
        let list = try #require(session.display.screen.view(withID: "orders") as? ListView)
        let compositor = session.display.compositor
        var previous = 0.0
        for offset in [33.0, 66, 99, 400, 367, 1200, 1190] {
            list.contentOffset = offset
            try session.renderUntilIdle()
            let moved = abs(offset - previous)
            previous = offset
            let shown = try #require(session.display.output.frontSurface)
            #expect(shown.difference(from: compositor.renderFullFrame()).differingPixels == 0, "offset \(offset)")
            guard moved < 360 else {
                // Further than the list is tall: nothing on screen stays, so it is painted.
                #expect(compositor.lastScrollCopies == 0, "offset \(offset)")
                continue
            }
            #expect(compositor.lastScrollCopies == 1, "offset \(offset)")
            // The strip that scrolled in, and no more.
            #expect(compositor.lastPaintedPixels == Int(moved) * 600, "offset \(offset): painted \(compositor.lastPaintedPixels)")
        }
    }
}

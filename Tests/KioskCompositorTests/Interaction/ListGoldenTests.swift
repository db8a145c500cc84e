import Foundation
import KioskCompositor
import KioskExpression
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// A `list` from YAML as it looks (light, dark, text scale 1.5, right to left), and what a fling
/// of a thousand rows paints. Goldens live in Tests/KioskCompositorTests/Golden/ui-list-*.png.
@MainActor
struct ListGoldenTests {
    enum Look: String, CaseIterable, Sendable {
        case light = "light-1x", dark = "dark-1x", large = "light-1.5x", rightToLeft = "light-1x-rtl"

        var theme: String {
            switch self {
            case .light: "{appearance: light}"
            case .dark: "{appearance: dark}"
            case .large: "{appearance: light, text_scale: 1.5}"
            case .rightToLeft: "{appearance: light, locale: ar}"
            }
        }
    }

    static func config(theme: String = "{appearance: light}", orders: String) -> String {
        """
        theme: \(theme)
        strings:
          en: {title: Orders}
          ar: {title: الطلبات}
        state:
          orders: \(orders)
        panels:
          home:
            root:
              type: list
              id: orders
              items: "= state.orders"
              key: "= $item.id"
              row_height: 44
              spacing: 4
              empty_text: No orders
              row:
                type: stack
                axis: horizontal
                spacing: 12
                padding: {horizontal: 12}
                background: secondary_system_background
                corner_radius: 8
                children:
                  - {type: label, text: "${$index + 1}", color: secondary_label}
                  - {type: label, text: "${$item.name}", font: headline}
                  - {type: spacer}
                  - {type: label, text: "${$item.ready ? 'Ready' : 'Waiting'}", color: "= $item.ready ? 'system_green' : 'system_orange'"}
        """
    }

    static let fiveOrders = """
        [{id: 1, name: Ana, ready: true}, {id: 2, name: Bo, ready: false}, {id: 3, name: Cy, ready: false},
                   {id: 4, name: Dee, ready: true}, {id: 5, name: Eli, ready: false}]
        """

    func session(_ yaml: String, size: Size) throws -> (HeadlessPanelSession, String) {
        let directory = NSTemporaryDirectory() + "list-golden-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/kiosk.yaml"
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        let session = try HeadlessPanelSession.load(path: path, size: size)
        try session.renderUntilIdle()
        return (session, directory)
    }

    @Test(arguments: Look.allCases)
    func listMatchesItsGolden(_ look: Look) throws {
        let (session, directory) = try session(Self.config(theme: look.theme, orders: Self.fiveOrders),
                                               size: Size(width: 320, height: 200))
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try GoldenImage.assertMatches(try session.snapshot(), named: "ui-list-\(look.rawValue)")
    }

    @Test func everyFrameOfAFlingThroughAThousandRowsEqualsAFullRepaint() throws {
        let (session, directory) = try session(Self.config(orders: "[]"), size: Size(width: 320, height: 240))
        defer { try? FileManager.default.removeItem(atPath: directory) }
        session.host.live.setState("orders", .list((0..<1000).map { index in
            .record(["id": .number(Double(index)), "name": .text("Order \(index)"), "ready": .bool(index % 3 == 0)])
        }))
        try session.renderUntilIdle()
        let list = try #require(session.display.screen.view(withID: "orders") as? ListView)
        let driver = session.driver
        try driver.drag(from: Point(x: 160, y: 220), to: Point(x: 160, y: 40), duration: 0.08)
        var frames = 0
        repeat {
            try driver.advance(by: session.display.refreshInterval)
            FrameChecks.partialEqualsFull(driver)
            #expect(list.builtRows.count <= 3 * Int((240 / 48.0).rounded(.up)) + 1)
            frames += 1
        } while session.display.isBusy && frames < 600
        #expect(list.contentOffset > 240, "the fling scrolled")
    }
}

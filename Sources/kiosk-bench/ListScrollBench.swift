import KioskConfig
import KioskExpression
import KioskGraphics
import KioskRuntime
import KioskUI

/// A `list` of 1,000 keyed rows on an 800×480 screen, scrolled as a fling moves it in one frame
/// (about 2,000 points a second at 60 Hz): the rows coming into reach are built, those leaving
/// are dismantled, and the frame is laid out, painted and presented.
@MainActor
func addListScrollRows(to table: inout Table) throws {
    let yaml = """
        state:
          orders: []
        panels:
          home:
            root:
              type: list
              id: orders
              items: "= state.orders"
              key: "= $item.id"
              row_height: 48
              spacing: 4
              row:
                type: stack
                axis: horizontal
                spacing: 12
                padding: {horizontal: 12}
                background: secondary_system_background
                children:
                  - {type: label, text: "${$index + 1}", color: secondary_label}
                  - {type: label, text: "${$item.name}", font: headline}
                  - {type: spacer}
                  - {type: label, text: "${currency($item.total, 'EUR')}"}
        """
    let spec: KioskConfigSpec
    switch ConfigLoader().load(text: yaml, file: "list-bench.yaml") {
    case .success(let loaded): spec = loaded
    case .failure(let errors): throw ListBenchError(description: "list benchmark config is invalid: \(errors)")
    }
    let session = HeadlessPanelSession(config: spec, configPath: "list-bench.yaml", size: Size(width: 800, height: 480))
    session.host.live.setState("orders", .list((0..<1_000).map { index in
        .record(["id": .number(Double(index)), "name": .text("Order \(index)"), "total": .number(Double(index) * 1.25)])
    }))
    try session.renderUntilIdle()
    guard let list = session.display.screen.view(withID: "orders") as? ListView else {
        throw ListBenchError(description: "the list benchmark built no list")
    }
    let step = 33.0
    var direction = 1.0
    let samples = try measure {
        if list.contentOffset + step * direction > list.maximumOffset || list.contentOffset + step * direction < 0 { direction = -direction }
        list.contentOffset += step * direction
        try session.renderUntilIdle()
    }
    table.add("list scroll, 1,000 rows (one frame of a fling: rows + paint + present)", samples)
    table.add("  rows built at once", median: "\(list.builtRows.count)", p90: "")
}

private struct ListBenchError: Error, CustomStringConvertible {
    var description: String
}

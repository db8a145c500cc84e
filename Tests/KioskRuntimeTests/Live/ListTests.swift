import KioskConfig
import KioskExpression
import KioskGraphics
import KioskRuntime
import KioskUI
import Testing

/// A `list` repeats its row template for each item, builds only the rows within reach of the
/// viewport, and reconciles rows by key when its items change.
@MainActor
struct ListTests {
    static let config = """
        state:
          orders: []
        panels:
          home:
            root:
              type: stack
              children:
                - type: list
                  id: orders
                  items: "= state.orders"
                  key: "= $item.id"
                  row_height: 40
                  spacing: 4
                  size: [400, 300]
                  row:
                    type: stack
                    axis: horizontal
                    spacing: 8
                    children:
                      - {type: label, text: "${$index + 1}."}
                      - {type: label, text: "${$item.name}"}
        """

    static func orders(_ count: Int, renaming renamed: Int? = nil) -> ExpressionValue {
        .list((0..<count).map { index in
            .record(["id": .text("o\(index)"), "name": .text(index == renamed ? "Changed \(index)" : "Order \(index)")])
        })
    }

    func list(_ kiosk: PanelSessionFixture) throws -> ListView {
        try #require(kiosk.screen.view(withID: "orders") as? ListView)
    }

    /// The rows the viewport shows (a partly shown row counts) and those within one viewport of it.
    func allowedRows(_ list: ListView) -> Int {
        let pitch = list.rowHeight + list.spacing
        let visible = Int((list.bounds.height / pitch).rounded(.up)) + 1
        return visible + 2 * Int((list.bounds.height / pitch).rounded(.up))
    }

    func texts(of row: View) -> [String] {
        row.subviews.compactMap { ($0 as? Label)?.text }
    }

    @Test func aThousandRowsBuildOnlyTheRowsWithinReach() throws {
        let kiosk = try PanelSessionFixture(Self.config, size: Size(width: 400, height: 300))
        try kiosk.setState("orders", Self.orders(1000))
        let list = try list(kiosk)
        #expect(list.bounds.height == 300)
        #expect(list.maximumOffset == 1000 * 44 - 4 - 300)
        #expect(!list.builtRows.isEmpty)
        #expect(list.builtRows.count <= allowedRows(list), "\(list.builtRows.count) rows built")
        #expect(try #require(list.builtRows[0]).subviews.compactMap { ($0 as? Label)?.text } == ["1.", "Order 0"])

        // A fling: every frame of it builds no more than the rows within reach.
        try kiosk.session.driver.drag(from: Point(x: 200, y: 280), to: Point(x: 200, y: 40), duration: 0.08)
        var frames = 0
        var largest = 0
        repeat {
            try kiosk.session.driver.advance(by: kiosk.session.display.refreshInterval)
            largest = max(largest, list.builtRows.count)
            frames += 1
        } while kiosk.session.display.isBusy && frames < 600
        #expect(list.contentOffset > 300, "the fling scrolled (offset \(list.contentOffset))")
        #expect(largest <= allowedRows(list), "\(largest) rows built during the fling")

        // Far down: the rows there are built, the first ones are not.
        list.contentOffset = 30_000
        try kiosk.settle()
        let first = Int(30_000 / 44)
        #expect(list.builtRows[first] != nil)
        #expect(list.builtRows[0] == nil)
        #expect(list.builtRows.count <= allowedRows(list))
        #expect(texts(of: try #require(list.builtRows[first])) == ["\(first + 1).", "Order \(first)"])
        #expect(kiosk.logged.isEmpty, "\(kiosk.logged)")
    }

    @Test func replacingTheItemsWithOneChangedDamagesThatRowOnly() throws {
        let kiosk = try PanelSessionFixture(Self.config, size: Size(width: 400, height: 300))
        try kiosk.setState("orders", Self.orders(1000))
        let list = try list(kiosk)
        let row = try #require(list.builtRows[3])
        let compositor = kiosk.session.display.compositor
        let before = compositor.renderFullFrame()
        try kiosk.setState("orders", Self.orders(1000, renaming: 3))
        #expect(list.builtRows[3] === row, "the row kept its view")
        #expect(texts(of: row) == ["4.", "Changed 3"])
        try kiosk.expectDamageConfined(to: [kiosk.pixelFrame(of: row)], since: before)
    }

    @Test func rowsKeepTheirViewsByKeyThroughReorderInsertAndRemove() throws {
        let kiosk = try PanelSessionFixture(Self.config, size: Size(width: 400, height: 300))
        func items(_ ids: [Int]) -> ExpressionValue {
            .list(ids.map { .record(["id": .text("o\($0)"), "name": .text("Order \($0)")]) })
        }
        try kiosk.setState("orders", items([0, 1, 2, 3]))
        let list = try list(kiosk)
        let views = (0..<4).map { list.builtRows[$0]! }

        // Reversed: each view follows its key to its new place, its index label updated.
        try kiosk.setState("orders", items([3, 2, 1, 0]))
        for (index, id) in [3, 2, 1, 0].enumerated() {
            #expect(list.builtRows[index] === views[id])
            #expect(texts(of: views[id]) == ["\(index + 1).", "Order \(id)"])
            #expect(views[id].frame.minY == Double(index) * 44)
        }
        #expect(kiosk.session.display.output.frontSurface?.difference(from: kiosk.session.display.compositor.renderFullFrame())
            .differingPixels == 0)

        // One inserted at the top and one removed: the others keep their views.
        try kiosk.setState("orders", items([9, 3, 2, 0]))
        #expect(list.builtRows.count == 4)
        #expect(list.builtRows[1] === views[3] && list.builtRows[2] === views[2] && list.builtRows[3] === views[0])
        #expect(!([views[1]] as [View]).contains { $0 === list.builtRows[0] })
        #expect(views[1].superview == nil, "the removed row's view left the list")
        #expect(texts(of: try #require(list.builtRows[0])) == ["1.", "Order 9"])
    }

    @Test func withoutAKeyRowsAreKnownByPositionAndTheEmptyTextShowsForNoItems() throws {
        let kiosk = try PanelSessionFixture("""
            state:
              names: [Ana, Bo]
            panels:
              home:
                root:
                  type: list
                  id: names
                  items: "= state.names"
                  empty_text: Nothing waiting
                  row: {type: label, text: "${$item}"}
            """)
        let list = try #require(kiosk.screen.view(withID: "names") as? ListView)
        let first = try #require(list.builtRows[0] as? Label)
        #expect(first.text == "Ana")
        #expect(list.emptyLabel.isHidden)
        try kiosk.setState("names", .list([.text("Cy"), .text("Bo")]))
        #expect(list.builtRows[0] === first && first.text == "Cy")
        try kiosk.setState("names", .list([]))
        #expect(list.builtRows.isEmpty)
        #expect(!list.emptyLabel.isHidden && list.emptyLabel.text == "Nothing waiting")
    }

    @Test func aRowFormulaThatFailsIsLoggedOnceForAllRows() throws {
        let kiosk = try PanelSessionFixture("""
            state:
              values: [1, 2, 3]
            panels:
              home:
                root:
                  type: list
                  id: values
                  items: "= state.values"
                  row: {type: progress, value: "= 1 / ($item - $item)"}
            """)
        #expect(kiosk.formulaProblems.count == 1, "\(kiosk.formulaProblems)")
        #expect(kiosk.formulaProblems.first?.contains("kiosk.yaml:9:43: value of a list row: division by zero") == true, "\(kiosk.formulaProblems)")
    }

    /// A source may hand over a feed longer than anyone scrolls: the list shows its first 10,000
    /// items, and says so once when it starts, not at every update.
    @Test func aListShowsItsFirstTenThousandItemsAndSaysSoOnce() throws {
        let kiosk = try PanelSessionFixture(Self.config, size: Size(width: 400, height: 300))
        let list = try list(kiosk)
        let message = "10001 items, more than a list shows: the first 10000 are shown"
        try kiosk.setState("orders", Self.orders(10_001))
        #expect(list.dataSource?.numberOfRows == 10_000)
        #expect(kiosk.logged.filter { $0.contains("more than a list shows") } == ["widget 'orders': \(message)"], "\(kiosk.logged)")
        try kiosk.setState("orders", Self.orders(10_001, renaming: 3))
        #expect(kiosk.logged.filter { $0.contains("more than a list shows") }.count == 1)
        try kiosk.setState("orders", Self.orders(5))
        #expect(list.dataSource?.numberOfRows == 5)
        try kiosk.setState("orders", Self.orders(10_001))
        #expect(kiosk.logged.filter { $0.contains("more than a list shows") }.count == 2)
    }

    /// A key or a row's text whose display would be hundreds of kilobytes (an item's list written
    /// into it many times over) is refused at the limit, not built: the rows are known by their
    /// positions, the labels show their default, and both problems are logged.
    @Test func aKeyOrARowTextPastTheLimitIsRefused() throws {
        let many = "[" + Array(repeating: "$item.tags", count: 300).joined(separator: ", ") + "]"
        let kiosk = try PanelSessionFixture("""
            state:
              rows: []
            panels:
              home:
                root:
                  type: list
                  id: rows
                  items: "= state.rows"
                  key: "= \(many)"
                  row: {type: label, text: "= \(many)"}
            """)
        let tags = ExpressionValue.list((0..<100).map { .text("tag \($0)") })
        try kiosk.setState("rows", .list([.record(["tags": tags]), .record(["tags": tags])]))
        let list = try #require(kiosk.screen.view(withID: "rows") as? ListView)
        #expect(list.builtRows.count == 2)
        #expect(list.builtRows.values.allSatisfy { ($0 as? Label)?.text == "" })
        #expect(kiosk.formulaProblems.contains { $0.contains("key of a list row: its text would be more than 65536 bytes long") },
                "\(kiosk.formulaProblems)")
        #expect(kiosk.formulaProblems.contains { $0.contains("text of a list row: its text would be more than 65536 bytes long") },
                "\(kiosk.formulaProblems)")
    }

    /// A row's actions read the row they belong to, also when they run later (a timer) or on a
    /// choice (an alert's button): `$item` and `$index` are fixed when the row is built.
    @Test func aRowsActionsReadItsItemAndIndex() throws {
        let kiosk = try PanelSessionFixture("""
            state:
              orders: [{id: a1, name: Tea}, {id: b2, name: Cake}, {id: c3, name: Soup}]
              picked: ""
              later: ""
              confirmed: ""
            panels:
              home:
                root:
                  type: list
                  id: orders
                  items: "= state.orders"
                  key: "= $item.id"
                  row_height: 60
                  size: [400, 300]
                  row:
                    type: button
                    title: "${$item.name}"
                    on_tap:
                      - {set: {state.picked: "${$item.id} at ${$index}"}}
                      - {emit: {event: picked, value: "= $item.name"}}
                      - {after: {delay: 2s, do: [{set: {state.later: "= $item.name"}}]}}
                      - if: {when: "= $index == 2", then: [{alert: {title: Sure?, buttons: [{title: Yes, actions: [{set: {state.confirmed: "= $item.id"}}]}]}}]}
            """, size: Size(width: 400, height: 300))
        let list = try #require(kiosk.screen.view(withID: "orders") as? ListView)
        try kiosk.session.driver.tap(at: kiosk.session.driver.frameOnScreen(of: try #require(list.builtRows[1])).center)
        #expect(kiosk.host.live.state["picked"] == .text("b2 at 1"))
        #expect(kiosk.host.emittedEvents.last?.name == "picked")
        #expect(kiosk.host.emittedEvents.last?.value == .text(.literal("Cake")))
        #expect(kiosk.host.live.state["later"] == .text(""))
        try kiosk.session.advance(by: 2.5)
        #expect(kiosk.host.live.state["later"] == .text("Cake"), "the timer's action read the row it came from")

        try kiosk.session.driver.tap(at: kiosk.session.driver.frameOnScreen(of: try #require(list.builtRows[2])).center)
        #expect(kiosk.host.live.state["picked"] == .text("c3 at 2"))
        kiosk.host.respondToAlert(buttonIndex: 0)
        #expect(kiosk.host.live.state["confirmed"] == .text("c3"))
        #expect(kiosk.formulaProblems.isEmpty, "\(kiosk.formulaProblems)")
    }

    /// Rows read what any formula reads (state, sources, widgets): when that changes, the rows are
    /// evaluated again, and only the rows whose values changed repaint.
    @Test func rowsFollowTheStateTheyRead() throws {
        let kiosk = try PanelSessionFixture("""
            state:
              orders: []
              selected: o1
            panels:
              home:
                root:
                  type: list
                  id: orders
                  items: "= state.orders"
                  key: "= $item.id"
                  row_height: 40
                  size: [400, 300]
                  row: {type: label, text: "${$item.id == state.selected ? '> ' : ''}${$item.name}"}
            """, size: Size(width: 400, height: 300))
        try kiosk.setState("orders", Self.orders(20))
        let list = try list(kiosk)
        let rows = (0..<4).map { list.builtRows[$0] as? Label }
        #expect(rows.map { $0?.text } == ["Order 0", "> Order 1", "Order 2", "Order 3"])

        let before = kiosk.session.display.compositor.renderFullFrame()
        try kiosk.setState("selected", .text("o2"))
        #expect((0..<4).allSatisfy { list.builtRows[$0] === rows[$0] }, "the rows kept their views")
        #expect(rows.map { $0?.text } == ["Order 0", "Order 1", "> Order 2", "Order 3"])
        #expect(kiosk.session.display.compositor.renderFullFrame().difference(from: before).differingPixels > 0)
        // A label's glyphs may reach 2 px past its box.
        try kiosk.expectDamageConfined(to: [1, 2].map { kiosk.pixelFrame(of: rows[$0]!, verticalMargin: 2) }, since: before)
    }
}


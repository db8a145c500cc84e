import KioskGraphics
@testable import KioskUI
import Testing

/// The layout pass descends only into the parts of the tree where something needs layout.
@MainActor
struct LayoutPassTests {
    /// A root stack of 20 stacks of 50 labels each: 1,021 views.
    func wideTree() -> (Screen, [[Label]]) {
        let rows = (0..<20).map { row in (0..<50).map { Label("row \(row) item \($0)") } }
        let root = StackView(axis: .vertical, spacing: 0, rows.map { StackView(axis: .horizontal, spacing: 2, $0) })
        let screen = Screen(size: Size(width: 8000, height: 800), rootView: root)
        screen.layoutIfNeeded()
        return (screen, rows)
    }

    @Test func aChangeThatNeedsNoLayoutVisitsNoView() {
        let (screen, rows) = wideTree()
        ViewTreeWork.layoutPassVisits = 0
        rows[7][3].backgroundColor = Color(hex: 0x336699)
        screen.layoutIfNeeded()
        #expect(ViewTreeWork.layoutPassVisits == 0)
    }

    @Test func aRowWhoseSpacingChangedIsLaidOutWithoutVisitingTheOtherRows() {
        let (screen, rows) = wideTree()
        let row = rows[12][0].superview as! StackView
        let before = rows[12].map(\.frame.minX), elsewhere = rows[3].map(\.frame)
        ViewTreeWork.layoutPassVisits = 0
        row.spacing = 10
        screen.layoutIfNeeded()
        // The row laid its labels out again, 8 points further apart each...
        for index in 1..<rows[12].count { #expect(abs(rows[12][index].frame.minX - before[index] - 8 * Double(index)) < 1e-9) }
        #expect(rows[3].map(\.frame) == elsewhere)
        // ...and the pass went down that row only: the root, possibly the row's parent, the row, its labels.
        #expect(ViewTreeWork.layoutPassVisits <= 2 + 1 + 50, "visited \(ViewTreeWork.layoutPassVisits) views")
    }

    @Test func aViewAddedDeepInsideIsLaidOutByTheNextPass() {
        let (screen, rows) = wideTree()
        let detached = StackView(axis: .vertical, spacing: 0, [Label("added")])
        let inner = detached.subviews[0]
        rows[5][9].addSubview(detached)
        detached.frame = Rect(x: 0, y: 0, width: 80, height: 30)
        screen.layoutIfNeeded()
        #expect(inner.frame.width > 0 && inner.frame.height > 0, "the new stack laid out its label")
        ViewTreeWork.layoutPassVisits = 0
        screen.layoutIfNeeded()
        #expect(ViewTreeWork.layoutPassVisits == 0, "nothing left to lay out")
    }
}

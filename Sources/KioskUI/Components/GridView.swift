import KioskGraphics

/// Lays out its subviews in equal columns, left to right (mirrored right to left), rows as tall as
/// their tallest item.
open class GridView: View {
    public var columns = 2 {
        didSet { if columns != oldValue { invalidateSize() } }
    }

    public var spacing = 8.0 {
        didSet { if spacing != oldValue { invalidateSize() } }
    }

    public init(columns: Int = 2, spacing: Double = 8) {
        defer { drawsOnlyItsBackground = type(of: self) == GridView.self }
        self.columns = max(1, columns)
        self.spacing = spacing
        super.init()
    }

    private var items: [View] { subviews.filter { !$0.isHidden } }

    private func columnWidth(for width: Double) -> Double {
        let count = Double(max(columns, 1))
        return max(0, (width - spacing * (count - 1)) / count)
    }

    private func rowHeights(columnWidth: Double) -> [Double] {
        let proposal = ProposedSize(width: columnWidth, height: nil)
        return stride(from: 0, to: items.count, by: max(columns, 1)).map { start in
            items[start..<min(start + columns, items.count)].map { $0.measure(proposal).height }.max() ?? 0
        }
    }

    open override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let width = proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? 320
        let heights = rowHeights(columnWidth: columnWidth(for: width))
        let height = heights.reduce(0, +) + spacing * Double(max(heights.count - 1, 0))
        return Size(width: width, height: height)
    }

    open override func layout() {
        let content = contentRect
        let width = columnWidth(for: content.width)
        let heights = rowHeights(columnWidth: width)
        let rtl = environment.layoutDirection == .rightToLeft
        var y = content.minY
        for (row, height) in heights.enumerated() {
            for column in 0..<columns {
                let index = row * columns + column
                guard index < items.count else { break }
                let offset = Double(column) * (width + spacing)
                let x = rtl ? content.maxX - offset - width : content.minX + offset
                items[index].frame = Rect(x: x.rounded(), y: y.rounded(), width: width.rounded(), height: height)
            }
            y += height + spacing
        }
    }
}

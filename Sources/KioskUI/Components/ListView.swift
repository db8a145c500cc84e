import KioskGraphics

/// What a `ListView` shows: how many rows, each row's identity, and the views for them.
@MainActor
public protocol ListViewDataSource: AnyObject {
    var numberOfRows: Int { get }
    /// The row's identity: a row keeps its view while its key stays, wherever it moves.
    func key(ofRow index: Int) -> AnyHashable
    /// A new view for the row at `index`.
    func makeView(forRow index: Int) -> View
    /// Brings a built row's view to the row now at `index` (its item may have changed).
    func update(_ view: View, forRow index: Int)
    /// The row's view leaves the list (scrolled out of reach, or its key is gone).
    func dismantle(_ view: View)
}

/// A vertical list of rows of one height that scrolls like a `ScrollView` and builds only the
/// rows that intersect the viewport grown by `margin` above and below: a list of thousands of
/// rows holds a screenful or two of views. Rows are known by key, so a changed list updates the
/// rows it keeps in place, makes the new ones and removes the gone ones.
open class ListView: ScrollView {
    public weak var dataSource: (any ListViewDataSource)? {
        didSet { reloadRows() }
    }
    public var rowHeight: Double = 56 {
        didSet { if rowHeight != oldValue { reloadRows() } }
    }
    public var spacing: Double = 0 {
        didSet { if spacing != oldValue { reloadRows() } }
    }
    /// How far beyond the viewport rows are built, above and below; nil: one viewport.
    public var margin: Double? {
        didSet { if margin != oldValue { setNeedsLayout() } }
    }
    /// Shown when there are no rows.
    public let emptyLabel = Label("", style: .body, color: .secondaryLabel)

    /// The empty text's style or font. The label fills the list, so only the label draws again.
    public var emptyFont: FontValue = .style(.body) {
        didSet { if emptyFont != oldValue { emptyLabel.setFont(emptyFont) } }
    }

    /// The built rows by key, with the index each was last laid out at.
    private var built: [AnyHashable: (view: View, index: Int)] = [:]
    /// The data changed: every built row is brought to its item at the next layout.
    private var needsRowUpdate = false

    public override var contentOffset: Double {
        didSet { if contentOffset != oldValue { setNeedsLayout() } }
    }

    public init() {
        super.init(axis: .vertical)
        emptyLabel.textAlignment = .center
        emptyLabel.isHidden = true
        addSubview(emptyLabel)
    }

    /// The views of the rows built now, by row index (tests and the control socket read them).
    public var builtRows: [Int: View] {
        Dictionary(uniqueKeysWithValues: built.values.map { ($0.index, $0.view) })
    }

    /// The data changed: rows are matched by key and updated at the next layout.
    public func reloadRows() {
        needsRowUpdate = true
        setNeedsLayout()
    }

    private var rowCount: Int { dataSource?.numberOfRows ?? 0 }
    private var pitch: Double { rowHeight + spacing }

    /// Where the row at `index` sits in the content.
    public func frame(ofRow index: Int) -> Rect {
        Rect(x: 0, y: Double(index) * pitch, width: bounds.width, height: rowHeight)
    }

    /// The rows within the viewport grown by the margin.
    public var reachableRows: Range<Int> {
        let count = rowCount
        guard count > 0, bounds.height > 0, pitch > 0 else { return 0..<0 }
        let extra = margin ?? bounds.height
        let top = contentOffset - extra, bottom = contentOffset + bounds.height + extra
        let first = max(0, Int((top / pitch).rounded(.down)))
        let last = min(count, Int((bottom / pitch).rounded(.up)))
        return first < last ? first..<last : 0..<0
    }

    open override func layout() {
        let count = rowCount
        let height = count == 0 ? 0 : Double(count) * pitch - spacing
        contentSize = Size(width: bounds.width, height: max(height, 0.5))
        super.layout()
        emptyLabel.isHidden = count > 0 || emptyLabel.text.isEmpty
        emptyLabel.frame = Rect(origin: boundsOrigin, size: bounds.size)
        placeRows()
    }

    /// Builds the reachable rows that are missing, updates (when the data changed) and moves
    /// the ones kept, and dismantles the ones out of reach.
    private func placeRows() {
        guard let dataSource else {
            for row in built.values { row.view.removeFromSuperview() }
            built = [:]
            return
        }
        let updating = needsRowUpdate
        needsRowUpdate = false
        var remaining = built
        var next: [AnyHashable: (view: View, index: Int)] = [:]
        for index in reachableRows {
            let key = dataSource.key(ofRow: index)
            guard next[key] == nil else { continue }
            let view: View
            if let kept = remaining.removeValue(forKey: key) {
                view = kept.view
                if updating || kept.index != index { dataSource.update(view, forRow: index) }
            } else {
                view = dataSource.makeView(forRow: index)
                contentView.addSubview(view)
            }
            let frame = frame(ofRow: index)
            if view.frame != frame { view.frame = frame }
            next[key] = (view, index)
        }
        for gone in remaining.values {
            dataSource.dismantle(gone.view)
            gone.view.removeFromSuperview()
        }
        built = next
    }
}

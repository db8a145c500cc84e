/// `grid`: columns, spacing; equal columns.
/// Missing: the view class. Until it exists the widget is a labelled placeholder.
extension PendingComponentAdapter {
    public static let grid = PendingComponentAdapter(type: "grid", acceptsChildren: true)
}

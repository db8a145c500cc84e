/// `slider`: value, min, max, step, track and thumb colours, enabled; change while dragging, commit at release.
/// Missing: the view class. Until it exists the widget is a labelled placeholder.
extension PendingComponentAdapter {
    public static let slider = PendingComponentAdapter(type: "slider")
}

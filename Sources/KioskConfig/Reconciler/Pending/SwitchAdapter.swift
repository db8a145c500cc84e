/// `switch`: on, enabled; change with the new state.
/// Missing: the view class. Until it exists the widget is a labelled placeholder.
extension PendingComponentAdapter {
    public static let toggle = PendingComponentAdapter(type: "switch")
}

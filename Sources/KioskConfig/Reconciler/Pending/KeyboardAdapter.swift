/// `keyboard`: layout, height; shown while a text input has focus.
/// Missing: the view class. Until it exists the widget is a labelled placeholder.
extension PendingComponentAdapter {
    public static let keyboard = PendingComponentAdapter(type: "keyboard")
}

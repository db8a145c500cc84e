/// `text_view`: text, font, inset, editable; change.
/// Missing: the view class. Until it exists the widget is a labelled placeholder.
extension PendingComponentAdapter {
    public static let textView = PendingComponentAdapter(type: "text_view", captionProperty: "text")
}

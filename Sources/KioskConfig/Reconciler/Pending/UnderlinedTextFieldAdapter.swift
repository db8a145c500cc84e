/// `underlined_text_field`: text, placeholder, underline colour and width; change and submit.
/// Missing: the view class. Until it exists the widget is a labelled placeholder.
extension PendingComponentAdapter {
    public static let underlinedTextField = PendingComponentAdapter(type: "underlined_text_field", captionProperty: "placeholder")
}

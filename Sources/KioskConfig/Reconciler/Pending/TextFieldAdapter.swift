/// `text_field`: text, placeholder, icon, keyboard, secure, validate, error_message, error; change and submit. Keep the live text when the spec text did not change.
/// Missing: the view class. Until it exists the widget is a labelled placeholder.
extension PendingComponentAdapter {
    public static let textField = PendingComponentAdapter(type: "text_field", captionProperty: "placeholder")
}

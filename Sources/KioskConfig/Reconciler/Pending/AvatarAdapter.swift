/// `avatar`: image or symbol, username, user_id; tap with $value = user_id.
/// Missing: the view class. Until it exists the widget is a labelled placeholder.
extension PendingComponentAdapter {
    public static let avatar = PendingComponentAdapter(type: "avatar", captionProperty: "username")
}

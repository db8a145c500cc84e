/// `button`: title, background, title_color, corner_radius, style, enabled; tap and long_press events.
/// Missing: the view class. Until it exists the widget is a labelled placeholder.
extension PendingComponentAdapter {
    public static let button = PendingComponentAdapter(type: "button", captionProperty: "title")
}

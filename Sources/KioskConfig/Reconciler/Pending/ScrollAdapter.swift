/// `scroll`: axis; kinetic scrolling.
/// Missing: the view class. Until it exists the widget is a labelled placeholder.
extension PendingComponentAdapter {
    public static let scroll = PendingComponentAdapter(type: "scroll", acceptsChildren: true)
}

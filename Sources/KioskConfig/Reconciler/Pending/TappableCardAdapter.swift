/// `tappable_card`: the card properties plus enabled; press animation; tap only when released inside.
/// Missing: the view class. Until it exists the widget is a labelled placeholder.
extension PendingComponentAdapter {
    public static let tappableCard = PendingComponentAdapter(type: "tappable_card", captionProperty: "title")
}

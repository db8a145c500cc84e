import KioskGraphics
import KioskUI
import Testing

@MainActor
struct AvatarViewTests {
    /// An avatar without a size keeps its picture at 64 points in a row: the free space of a
    /// horizontal stack goes unused rather than into a huge disc that pushes its neighbours away.
    @Test func anAvatarInARowKeepsItsIntrinsicSize() {
        let avatar = AvatarView(userID: "u", username: "Ana")
        let name = Label("Ana Lopez", style: .body)
        let row = StackView(axis: .horizontal, spacing: 8, [avatar, name])
        let screen = Screen(size: Size(width: 800, height: 480), rootView: row)
        screen.layoutIfNeeded()
        let caption = avatar.usernameLabel.measure(ProposedSize(width: nil, height: nil))
        #expect(avatar.frame.size == Size(width: 64, height: 64 + 4 + caption.height))
        #expect(avatar.imageView.frame.size == Size(width: 64, height: 64))
        #expect(name.frame.width > 0 && name.frame.maxX <= 800 && name.frame.minX >= avatar.frame.maxX,
                "the name is on screen beside the avatar: \(name.frame)")
    }

    @Test func aPinnedWidthSizesThePicture() {
        let avatar = AvatarView(userID: "u", username: "Ana")
        avatar.fixedSize = SizeConstraint(width: 120, height: nil)
        let size = avatar.measure(ProposedSize(width: 800, height: 480))
        #expect(size.width == 120)
        #expect(size.height > 120)
    }
}

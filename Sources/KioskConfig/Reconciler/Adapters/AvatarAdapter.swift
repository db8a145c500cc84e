import KioskGraphics
import KioskUI

/// `avatar`: an `AvatarView`; `on_tap` with `$value` = the user id.
public struct AvatarAdapter: ComponentAdapter {
    public let type = "avatar"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        let avatar = AvatarView()
        let events = context.events
        avatar.onTap = { userID in events.send("tap", value: .string(userID)) }
        if widget.actions["long_press"] != nil { addLongPress(to: avatar, events: events) }
        return avatar
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let avatar = view as? AvatarView else { return }
        changes.ifChanged("username") { assignIfDifferent(avatar, \.username, $0?.string ?? "") }
        changes.ifChanged("font") { assignIfDifferent(avatar, \.usernameFont, $0?.font ?? .style(.caption1)) }
        changes.ifChanged("user_id") { assignIfDifferent(avatar, \.userID, $0?.string ?? "") }
        changes.ifChanged("image") { image in
            avatar.imageContent = image?.string.flatMap { context.imageContent(at: $0) }
        }
        changes.ifChanged("symbol") {
            assignIfDifferent(avatar.imageView, \.icon, Icon(named: $0?.string ?? "") ?? .symbol(.personCircleFill))
        }
    }

    public func value(of property: String, in view: View) -> PropertyValue? {
        guard let avatar = view as? AvatarView else { return nil }
        switch property {
        case "username": return .text(.literal(avatar.username))
        case "user_id": return .string(avatar.userID)
        default: return nil
        }
    }
}

import KioskGraphics
import KioskUI

/// Stands where a component goes whose view class this build does not have: a grey box with a
/// red border that names the component and says it is missing, so a preview never passes for
/// the real thing. It takes no input. Containers keep showing their children in `content`.
public final class PlaceholderView: StackView {
    public let componentType: String
    public let caption = Label("", style: .caption1, color: .systemRed)
    /// Children of a container placeholder go here.
    public let content = StackView(axis: .vertical, spacing: 8)

    public init(componentType: String, acceptsChildren: Bool) {
        self.componentType = componentType
        super.init(axis: .vertical, spacing: 4, alignment: .fill)
        padding = EdgeInsets(all: 6)
        backgroundColor = Color(.systemGray6)
        border = Border(width: 1, color: .systemRed)
        cornerRadius = 4
        minSize = SizeConstraint(width: 44, height: 32)
        caption.textAlignment = .center
        caption.numberOfLines = 2
        addSubview(caption)
        if acceptsChildren { addSubview(content) }
        describe(detail: nil)
    }

    /// The caption: `[button: Pay] not in this build`.
    public func describe(detail: String?) {
        let name = detail.map { $0.isEmpty ? componentType : "\(componentType): \($0)" } ?? componentType
        let text = "[\(name)] not in this build"
        if caption.text != text { caption.text = text }
    }
}

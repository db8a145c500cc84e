import KioskGraphics
import KioskUI

/// `scroll`: a `ScrollView` whose children stack along its axis; the scroll position is live state
/// a reload keeps.
public struct ScrollAdapter: ComponentAdapter {
    public let type = "scroll"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        StackedScrollView()
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let scroll = view as? StackedScrollView else { return }
        changes.ifChanged("axis") { axis in
            let horizontal = axis?.string == "horizontal"
            assignIfDifferent(scroll, \.axis, horizontal ? .horizontal : .vertical)
            assignIfDifferent(scroll.stack, \.axis, horizontal ? .horizontal : .vertical)
        }
    }

    public func childContainer(of view: View) -> View {
        (view as? StackedScrollView)?.stack ?? view
    }
}

/// A scroll view whose content is one stack, sized along the axis to what the stack needs and
/// across it to the scroll view (a `ScrollView` leaves framing its content to its owner).
public final class StackedScrollView: ScrollView {
    public let stack = StackView(axis: .vertical, spacing: 0, alignment: .fill)

    public init() {
        super.init(axis: .vertical)
        drawsOnlyItsBackground = true
        contentView.addSubview(stack)
    }

    public override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        // A scroll view takes the space it is offered; asked for its ideal, it is its content's size.
        proposal.replacingUnspecified(with: stack.measure(proposal))
    }

    public override func layout() {
        let vertical = axis == .vertical
        let needed = stack.measure(vertical ? ProposedSize(width: bounds.width, height: nil)
                                            : ProposedSize(width: nil, height: bounds.height))
        let frame = Rect(origin: .zero, size: Size(width: vertical ? bounds.width : needed.width,
                                                  height: vertical ? needed.height : bounds.height))
        if stack.frame != frame { stack.frame = frame }
        super.layout()
    }
}

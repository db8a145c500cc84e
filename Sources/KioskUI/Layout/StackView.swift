import KioskGraphics

/// How a stack shares the space along its axis.
public enum StackDistribution: String, Sendable {
    /// Offers the space to the least flexible children first; spacers take what is left.
    case fill
    /// Every child gets the same length.
    case equal
    /// Children keep their ideal lengths, packed at the start.
    case leading
}

/// Lays its children out in a row or a column. Horizontal stacks run right to left in RTL.
open class StackView: View {
    public var axis: Axis {
        didSet { if axis != oldValue { invalidateSize() } }
    }

    public var spacing: Double {
        didSet { if spacing != oldValue { invalidateSize() } }
    }

    /// Where children sit across the axis (the horizontal part for a column, the vertical part for a row).
    public var alignment: Alignment {
        didSet { if alignment != oldValue { setNeedsLayout() } }
    }

    public var distribution: StackDistribution = .fill {
        didSet { if distribution != oldValue { invalidateSize() } }
    }

    public init(axis: Axis = .vertical, spacing: Double = 8, alignment: Alignment = .center, _ children: [View] = []) {
        defer { drawsOnlyItsBackground = type(of: self) == StackView.self }
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        super.init()
        for child in children { addSubview(child) }
    }

    private var arrangedChildren: [View] { subviews.filter { !$0.isHidden } }

    open override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let children = arrangedChildren
        let sizes = childSizes(children, for: proposal)
        let main = sizes.reduce(0) { $0 + $1.value(along: axis) } + spacing * Double(max(0, children.count - 1))
        let cross = sizes.map { $0.value(across: axis) }.max() ?? 0
        return .along(axis, main: main, cross: cross)
    }

    open override func layout() {
        let children = arrangedChildren
        let content = contentRect
        let sizes = childSizes(children, for: ProposedSize(content.size))
        let mirrored = axis == .horizontal && environment.layoutDirection == .rightToLeft
        var position = 0.0
        for (child, size) in zip(children, sizes) {
            let length = size.value(along: axis)
            let crossLength = min(size.value(across: axis), content.size.value(across: axis))
            let slot: Rect
            switch axis {
            case .vertical:
                let placed = (child.alignmentOverride ?? alignment).place(
                    Size(width: crossLength, height: length),
                    in: Rect(x: content.minX, y: content.minY + position, width: content.width, height: length),
                    direction: environment.layoutDirection)
                slot = Rect(x: placed.minX, y: content.minY + position, width: placed.width, height: length)
            case .horizontal:
                let x = mirrored ? content.maxX - position - length : content.minX + position
                let placed = (child.alignmentOverride ?? alignment).place(
                    Size(width: length, height: crossLength),
                    in: Rect(x: x, y: content.minY, width: length, height: content.height),
                    direction: environment.layoutDirection)
                slot = Rect(x: x, y: placed.minY, width: length, height: placed.height)
            }
            child.frame = slot
            position += length + spacing
        }
    }

    /// The size of every child for a proposal to the whole stack.
    private func childSizes(_ children: [View], for proposal: ProposedSize) -> [Size] {
        guard !children.isEmpty else { return [] }
        let cross = proposal.value(across: axis)
        let gaps = spacing * Double(children.count - 1)
        func measure(_ child: View, main: Double?) -> Size {
            child.measure(.along(axis, main: main, cross: cross))
        }
        guard let available = proposal.value(along: axis) else {
            return children.map { measure($0, main: nil) }
        }
        switch distribution {
        case .leading:
            return children.map { child in
                let ideal = measure(child, main: nil)
                return measure(child, main: ideal.value(along: axis))
            }
        case .equal:
            let share = available.isFinite ? max(0, (available - gaps) / Double(children.count)) : available
            return children.map { child in
                let size = measure(child, main: share)
                return .along(axis, main: share, cross: size.value(across: axis))
            }
        case .fill:
            if available == 0 || !available.isFinite {
                return children.map { measure($0, main: available) }
            }
            // Least flexible first: each is offered an equal share of what is still free.
            let flexibility = children.map { child in
                measure(child, main: .infinity).value(along: axis) - measure(child, main: 0).value(along: axis)
            }
            var sizes = [Size](repeating: .zero, count: children.count)
            var remaining = available - gaps
            var left = children.count
            for index in children.indices.sorted(by: { flexibility[$0] < flexibility[$1] }) {
                let offer = max(0, remaining / Double(left))
                sizes[index] = measure(children[index], main: offer)
                remaining -= sizes[index].value(along: axis)
                left -= 1
            }
            return sizes
        }
    }
}

/// Takes the free space along its stack's axis (at least `minLength`).
open class SpacerView: View {
    public var minLength: Double {
        didSet { if minLength != oldValue { invalidateSize() } }
    }

    public init(minLength: Double = 0) {
        defer { drawsOnlyItsBackground = type(of: self) == SpacerView.self }
        self.minLength = minLength
        super.init()
    }

    open override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        func length(_ offered: Double?) -> Double { max(minLength, offered ?? minLength) }
        guard let stack = superview as? StackView else {
            return Size(width: length(proposal.width), height: length(proposal.height))
        }
        return .along(stack.axis, main: length(proposal.value(along: stack.axis)), cross: 0)
    }
}

/// Children on top of each other, each placed by the overlay's alignment (or its own).
open class OverlayView: View {
    public var alignment: Alignment {
        didSet { if alignment != oldValue { setNeedsLayout() } }
    }

    public init(alignment: Alignment = .center, _ children: [View] = []) {
        defer { drawsOnlyItsBackground = type(of: self) == OverlayView.self }
        self.alignment = alignment
        super.init()
        for child in children { addSubview(child) }
    }

    open override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        let sizes = subviews.filter { !$0.isHidden }.map { $0.measure(proposal) }
        return Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
    }

    open override func layout() {
        for subview in subviews {
            subview.frame = subview.placement(in: contentRect, alignment: alignment)
        }
    }
}

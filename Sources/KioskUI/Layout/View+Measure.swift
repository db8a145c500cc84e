import KioskGraphics

extension View {
    /// The size this view takes for a proposal, as its parent sees it: `sizeThatFits` of the content,
    /// plus padding, with pinned, minimum and maximum sizes applied.
    public func measure(_ proposal: ProposedSize) -> Size {
        func constrain(_ value: Double?, fixed: Double?, min lower: Double?, max upper: Double?) -> Double? {
            if let fixed { return fixed }
            guard var value else { return nil }
            if let upper { value = Swift.min(value, upper) }
            if let lower { value = Swift.max(value, lower) }
            return value
        }
        let outer = ProposedSize(
            width: constrain(proposal.width, fixed: fixedSize.width, min: minSize.width, max: maxSize.width),
            height: constrain(proposal.height, fixed: fixedSize.height, min: minSize.height, max: maxSize.height))
        let content = sizeThatFits(outer.inset(by: padding))
        let padded = Size(width: content.width + padding.horizontal, height: content.height + padding.vertical)
        return Size(
            width: constrain(padded.width, fixed: fixedSize.width, min: minSize.width, max: maxSize.width) ?? padded.width,
            height: constrain(padded.height, fixed: fixedSize.height, min: minSize.height, max: maxSize.height) ?? padded.height)
    }

    /// The frame this view takes inside `container`: its measured size for the container's size,
    /// placed by its own alignment when it has one, else by `alignment`.
    public func placement(in container: Rect, alignment: Alignment) -> Rect {
        let size = measure(ProposedSize(container.size))
        let fitted = Size(width: min(size.width, container.width), height: min(size.height, container.height))
        return (alignmentOverride ?? alignment).place(fitted, in: container, direction: environment.layoutDirection)
    }
}

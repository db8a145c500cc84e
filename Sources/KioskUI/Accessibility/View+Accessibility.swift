import KioskGraphics

extension View {
    /// What a screen reader says for the element; a component's default unless set.
    public var accessibilityLabel: String? {
        get { accessibilityLabelOverride ?? defaultAccessibilityLabel }
        set { accessibilityLabelOverride = newValue }
    }

    public var accessibilityHint: String? {
        get { accessibilityHintOverride }
        set { accessibilityHintOverride = newValue }
    }

    public var accessibilityValue: String? {
        get { accessibilityValueOverride ?? defaultAccessibilityValue }
        set { accessibilityValueOverride = newValue }
    }

    public var accessibilityTraits: AccessibilityTraits {
        get { accessibilityTraitsOverride ?? defaultAccessibilityTraits }
        set { accessibilityTraitsOverride = newValue }
    }

    /// An element is listed in the tree with its label, value and traits; its subviews are not.
    public var isAccessibilityElement: Bool {
        get { isAccessibilityElementOverride ?? (defaultIsAccessibilityElement || accessibilityLabelOverride != nil) }
        set { isAccessibilityElementOverride = newValue }
    }

    /// The accessibility elements in this subtree, in reading order (painting order), skipping
    /// hidden views.
    public var accessibilityElements: [View] {
        guard !isHidden, alpha > 0 else { return [] }
        if isAccessibilityElement { return [self] }
        return subviews.flatMap(\.accessibilityElements)
    }

    /// The first visible element with this label.
    public func accessibilityElement(labelled label: String) -> View? {
        accessibilityElements.first { $0.accessibilityLabel == label }
    }
}

extension Screen {
    /// Every accessibility element on screen, topmost layer last.
    public var accessibilityElements: [View] { rootView.accessibilityElements }

    public func accessibilityElement(labelled label: String) -> View? {
        rootView.accessibilityElement(labelled: label)
    }

    /// The elements as text, one per line, indented by depth in the element tree:
    /// `button "Save" value="…" hint="…" id=save frame=(x, y, w, h)`.
    public func accessibilityTreeDescription() -> String {
        var lines: [String] = []
        func visit(_ view: View, depth: Int) {
            guard !view.isHidden, view.alpha > 0 else { return }
            if view.isAccessibilityElement {
                lines.append(String(repeating: "  ", count: depth) + AccessibilityDescription.line(for: view))
                return
            }
            let isModal = view.accessibilityTraits.contains(.modal)
            if isModal { lines.append(String(repeating: "  ", count: depth) + "modal") }
            for subview in view.subviews { visit(subview, depth: depth + (isModal ? 1 : 0)) }
        }
        visit(rootView, depth: 0)
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }
}

enum AccessibilityDescription {
    static func line(for view: View) -> String {
        let traits = view.accessibilityTraits
        var parts = [traits.isEmpty ? "element" : traits.description]
        parts.append("\"\(view.accessibilityLabel ?? "")\"")
        if let value = view.accessibilityValue { parts.append("value=\"\(value)\"") }
        if let hint = view.accessibilityHint { parts.append("hint=\"\(hint)\"") }
        if let id = view.id { parts.append("id=\(id)") }
        if view.screen != nil {
            let scale = view.screen?.scale ?? 1
            let box = view.transformToScreen.apply(to: view.bounds)
            let points = Rect(x: box.minX / scale, y: box.minY / scale, width: box.width / scale, height: box.height / scale)
            parts.append("frame=\(points.integral)")
        }
        return parts.joined(separator: " ")
    }
}

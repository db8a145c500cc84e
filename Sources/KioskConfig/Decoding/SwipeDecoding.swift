/// Swipe navigation and the overlay: a panel's `swipe:`, the top-level `swipe_order:`,
/// `swipe_indicator:` and `overlay:`.
nonisolated extension DecodingContext {
    /// `swipe: {left: PANEL, right: PANEL, up: PANEL, down: PANEL}`, each optional.
    func swipeNeighbours(_ node: YAMLNode, panel: String) -> SwipeNeighbours {
        var neighbours = SwipeNeighbours()
        guard let entries = mapping(node, describing: "'swipe' of panel '\(panel)'") else { return neighbours }
        let known = SwipeDirection.allCases.map(\.rawValue)
        rejectUnknownKeys(in: entries, known: known, describing: "'swipe' of panel '\(panel)'")
        for entry in entries {
            guard let direction = SwipeDirection(rawValue: entry.key) else { continue }
            guard let target = panelReference(entry.value, describing: "swipe \(entry.key)") else { continue }
            if target == panel {
                report(at: entry.value.location, "panel '\(panel)' swipes \(entry.key) to itself", expected: "another panel")
                continue
            }
            neighbours[direction] = target
        }
        return neighbours
    }

    /// `swipe_order: [home, energy, settings]`: known panels, each once.
    func swipeOrder(_ node: YAMLNode) -> [String] {
        guard let items = node.sequence else {
            report(at: node.location, "invalid value for 'swipe_order'", expected: "a list of panel ids", found: node.summary)
            return []
        }
        var order: [String] = []
        for item in items {
            guard let id = panelReference(item, describing: "swipe_order") else { continue }
            if order.contains(id) {
                report(at: item.location, "panel '\(id)' is listed twice in 'swipe_order'", expected: "each panel once")
                continue
            }
            order.append(id)
        }
        if items.count == 1, let item = items.first {
            report(at: item.location, "'swipe_order' lists one panel", expected: "at least two panels to swipe between")
        }
        return order
    }

    /// `swipe_indicator: true|false`.
    func swipeIndicator(_ node: YAMLNode) -> Bool {
        guard let value = ScalarReading.bool(node) else {
            report(at: node.location, "invalid value for 'swipe_indicator'", expected: "true or false", found: node.summary)
            return false
        }
        return value
    }

    /// `overlay: {root: widget}` or `overlay: {children: [...]}` (placed in a vertical stack that
    /// fills the screen, as a panel's children are).
    func overlay(_ node: YAMLNode) -> WidgetSpec? {
        guard let entries = mapping(node, describing: "'overlay'") else { return nil }
        rejectUnknownKeys(in: entries, known: ["root", "children"], describing: "'overlay'")
        switch (node["root"], node["children"]) {
        case (let rootNode?, nil):
            return widget(rootNode)
        case (nil, let childrenNode?):
            return widget(Self.verticalStack(holding: childrenNode, at: node.location))
        case (_?, _?):
            report(at: node.location, "'overlay' has both 'root' and 'children'", expected: "one of them")
        case (nil, nil):
            report(at: node.location, "'overlay' has no content", expected: "'root' (a widget) or 'children' (a list)")
        }
        return nil
    }

    /// A `stack` widget node around `children`, as if it had been written.
    static func verticalStack(holding children: YAMLNode, at location: SourceLocation) -> YAMLNode {
        let type = YAMLNode.Entry(key: "type", keyLocation: children.location,
                                  value: YAMLNode(.scalar(.init(text: "stack", isPlain: true)), at: children.location))
        return YAMLNode(.mapping([type, YAMLNode.Entry(key: "children", keyLocation: children.location, value: children)]),
                        at: location)
    }

    /// A panel id written as a scalar, checked against the panels (with the nearest as a hint).
    private func panelReference(_ node: YAMLNode, describing what: String) -> String? {
        guard let id = node.scalar?.text, !node.isNull, !id.isEmpty else {
            report(at: node.location, "invalid value for '\(what)'", expected: "a panel id", found: node.summary)
            return nil
        }
        guard panelIDs.contains(id) else {
            checkPanel(id, at: node.location)
            return nil
        }
        return id
    }
}

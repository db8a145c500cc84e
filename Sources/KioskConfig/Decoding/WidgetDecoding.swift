import KioskExpression
/// Widgets: `type`, optional `id` and `style`, properties, `children` and `on_<event>` actions.
nonisolated extension DecodingContext {
    func widget(_ node: YAMLNode) -> WidgetSpec? {
        guard let entries = mapping(node, describing: "a widget") else { return nil }
        guard let typeNode = node["type"] else {
            report(at: node.location, "widget has no 'type'", expected: "one of " + registry.typeNames.joined(separator: ", "))
            return nil
        }
        let type = typeNode.scalar?.text ?? ""
        guard let schema = registry.schema(for: type) else {
            report(at: typeNode.location, "unknown component type '\(type)'",
                   suggestion: NameSuggestion.closest(to: type, among: registry.typeNames))
            return nil
        }
        var widget = WidgetSpec(type: type)
        widget.id = id(node["id"])
        var written: [String: YAMLNode] = [:]
        var propertyLocations: [String: SourceLocation] = [:]
        let eventKeys = schema.events.map { "on_" + $0 }
        for entry in entries {
            switch entry.key {
            case "type", "id":
                continue
            case "style" where schema.property(named: "style") == nil || !isOwnStyleValue(entry.value, of: schema):
                widget.style = namedStyle(entry.value, for: type)
            case "children":
                widget.children = children(entry.value, of: schema)
            case ListRowsDecoding.row where schema.type == ListRowsDecoding.type,
                 ListRowsDecoding.key where schema.type == ListRowsDecoding.type:
                continue
            case let key where eventKeys.contains(key):
                widget.actions[String(key.dropFirst(3))] = actions(entry.value)
            case let key where key.hasPrefix("on_"):
                report(at: entry.keyLocation, "\(type) has no event '\(key)'",
                       expected: schema.events.isEmpty ? "no event handlers (\(type) emits no events)"
                           : "one of " + eventKeys.joined(separator: ", "),
                       suggestion: NameSuggestion.closest(to: key, among: eventKeys))
            default:
                guard schema.property(named: entry.key) != nil else {
                    let known = schema.properties.map(\.name) + ["id", "style"] + eventKeys
                        + (schema.acceptsChildren ? ["children"] : [])
                    report(at: entry.keyLocation, "unknown property '\(entry.key)' for \(type)",
                           suggestion: NameSuggestion.closest(to: entry.key, among: known))
                    continue
                }
                written[entry.key] = entry.value
                propertyLocations[entry.key] = entry.value.location
            }
        }
        // The style's values first, so the widget's own win; properties this type lacks are skipped
        // (a style may serve several types; its names were checked when it was read). A property
        // the widget binds keeps its style's value, shown while the formula has none.
        var sources: [(String, YAMLNode)] = []
        if let style = widget.style.flatMap({ styles[$0] }) {
            for entry in style.entries where schema.property(named: entry.key) != nil
                && (written[entry.key] == nil || mayBeFormula(written[entry.key])) {
                sources.append((entry.key, entry.value))
                if written[entry.key] == nil { propertyLocations[entry.key] = entry.value.location }
            }
        }
        sources += entries.compactMap { entry in written[entry.key].map { (entry.key, $0) } }
        var bound: [String] = []
        for (name, valueNode) in sources {
            guard let property = schema.property(named: name) else { continue }
            switch writtenValue(of: valueNode, allowsTemplate: Self.acceptsTemplate(property.type)) {
            case .formula(let formula):
                check(formula, expecting: property.type.requiredExpressionType, insideActions: false)
                widget.bindings[name] = PropertyBinding(property: name, formula: formula, type: property.type)
                bound.append(name)
            case .invalid:
                continue
            case .literal(let literal):
                widget.bindings[name] = nil
                if let value = value(of: literal, as: property.type, named: name, base: property.defaultValue) {
                    widget.properties[name] = value
                }
            }
        }
        if type == ListRowsDecoding.type { widget.rows = listRows(of: node) }
        if let id = widget.id {
            var recorded: Set<String> = []
            for name in bound where recorded.insert(name).inserted {
                if let binding = widget.bindings[name] { recordBinding(binding, ofWidget: id) }
            }
        }
        for property in schema.properties where widget.properties[property.name] == nil {
            if let defaultValue = property.defaultValue { widget.properties[property.name] = defaultValue }
        }
        // A bound property's value comes from its formula: its default is no constant to check.
        for issue in schema.check?(widget.properties) ?? [] where widget.bindings[issue.property] == nil {
            report(at: propertyLocations[issue.property] ?? node.location, issue.message)
        }
        checkImageFiles(of: widget, at: propertyLocations)
        return widget
    }

    /// Whether a written value starts like a formula (`=`, or a text's `${`), so that a style's
    /// value for the same property is kept for when the formula has none.
    private func mayBeFormula(_ node: YAMLNode?) -> Bool {
        guard let text = node?.scalar?.text else { return false }
        return text.hasPrefix("=") || text.contains("${")
    }

    /// A button's `style: bordered` is its own property; any other `style:` names a style.
    private func isOwnStyleValue(_ node: YAMLNode, of schema: ComponentSchema) -> Bool {
        guard let word = node.scalar?.text else { return false }
        return schema.property(named: "style")?.allowedValues.contains(word) ?? false
    }

    private func id(_ node: YAMLNode?) -> String? {
        guard let node else { return nil }
        if listRowDepth > 0 {
            report(at: node.location, "a widget in a list's row cannot have an id: every row would repeat it",
                   expected: "no 'id' inside 'row' (formulas of the row read \(ExpressionNames.item) and \(ExpressionNames.index))")
            return nil
        }
        guard let id = node.scalar?.text, !node.isNull, !id.isEmpty else {
            report(at: node.location, "invalid value for 'id'", expected: "a name", found: node.summary)
            return nil
        }
        // (A source's name is refused where the source is declared.)
        if ExpressionNames.reserved.contains(id) {
            report(at: node.location, "the id '\(id)' is a name formulas read",
                   expected: "an id other than " + ExpressionNames.reserved.sorted().map { "'\($0)'" }.joined(separator: ", "))
        }
        if let first = decodedIDs[id] {
            report(at: node.location, "duplicate id '\(id)' (first used at \(first.line):\(first.column))",
                   expected: "ids unique across the whole file")
        } else {
            decodedIDs[id] = node.location
        }
        return id
    }

    private func namedStyle(_ node: YAMLNode, for type: String) -> String? {
        guard let name = node.scalar?.text, !node.isNull else {
            report(at: node.location, "invalid value for 'style'", expected: "the name of a style", found: node.summary)
            return nil
        }
        guard let style = styles[name] else {
            report(at: node.location, "unknown style '\(name)'", suggestion: NameSuggestion.closest(to: name, among: styles.keys))
            return nil
        }
        if let styleType = style.type, styleType != type {
            report(at: node.location, "style '\(name)' is for \(styleType), not \(type)")
            return nil
        }
        return name
    }

    private func children(_ node: YAMLNode, of schema: ComponentSchema) -> [WidgetSpec] {
        guard schema.acceptsChildren else {
            report(at: node.location, "\(schema.type) does not take children",
                   expected: "children only under " + registry.typeNames.filter { registry.schema(for: $0)?.acceptsChildren == true }
                       .joined(separator: ", "))
            return []
        }
        guard let items = node.sequence else {
            report(at: node.location, "invalid value for 'children'", expected: "a list of widgets", found: node.summary)
            return []
        }
        return items.compactMap(widget)
    }

    /// Finds every widget id and its type before decoding, so that actions may refer to widgets
    /// written further down the file (or in other panels).
    func collectWidgetIDs(in node: YAMLNode) {
        var pending = [node]
        while let current = pending.popLast() {
            switch current.content {
            case .mapping(let entries):
                if let id = current["id"]?.scalar?.text, let type = current["type"]?.scalar?.text, widgetTypes[id] == nil {
                    widgetTypes[id] = WidgetDeclaration(type: type, location: current.location)
                }
                for entry in entries where entry.key == "children" || entry.key == "root" || current["type"] == nil {
                    pending.append(entry.value)
                }
            case .sequence(let items):
                pending.append(contentsOf: items.reversed())
            case .scalar:
                continue
            }
        }
    }
}

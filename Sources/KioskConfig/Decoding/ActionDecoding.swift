import KioskExpression
import KioskGraphics

/// Actions: `goto`, `back`, `set`, `alert`, `emit`, `set_locale`, `set_appearance`, `if`, `after`,
/// `every`, `cancel`, `wake`, `sleep`, alone or in a list.
nonisolated extension DecodingContext {
    static let actionNames = ["goto", "back", "set", "alert", "emit", "set_locale", "set_appearance", "if",
                              "after", "every", "cancel", "wake", "sleep"]

    /// The actions written as a single word.
    static let wordActions: [String: ActionSpec] = ["back": .back, "wake": .wake, "sleep": .sleep]

    /// One action or a list of them, run in order.
    func actions(_ node: YAMLNode) -> [ActionSpec] {
        (node.sequence ?? [node]).compactMap(action)
    }

    private func action(_ node: YAMLNode) -> ActionSpec? {
        if let scalar = node.scalar {
            if let action = Self.wordActions[scalar.text] { return action }
            report(at: node.location, "unknown action '\(scalar.text)'",
                   expected: "back, wake, sleep, or a mapping such as {goto: panel}",
                   suggestion: NameSuggestion.closest(to: scalar.text, among: Self.actionNames))
            return nil
        }
        guard let entries = node.mapping, entries.count == 1, let entry = entries.first else {
            report(at: node.location, "an action is a mapping with one key",
                   expected: "one of " + Self.actionNames.joined(separator: ", ") + " (write a list to run several)",
                   found: node.summary == "a mapping" ? "\(node.mapping?.count ?? 0) keys" : node.summary)
            return nil
        }
        let value = entry.value
        switch entry.key {
        case "goto": return goto(value)
        case "back": return .back
        case "set": return set(value)
        case "alert": return alert(value)
        case "emit": return emit(value)
        case "if": return condition(value)
        case "set_locale":
            guard let locale = value.scalar?.text, !value.isNull else {
                report(at: value.location, "invalid value for 'set_locale'", expected: "a locale such as es", found: value.summary)
                return nil
            }
            checkLocale(locale, at: value.location)
            return .setLocale(locale)
        case "set_appearance":
            let words = AppearanceChange.allCases.map(\.rawValue)
            guard case .choice(let word)? = self.value(of: value, as: .choice(words), named: "set_appearance") else { return nil }
            return AppearanceChange(rawValue: word).map(ActionSpec.setAppearance)
        case "after": return after(value)
        case "every": return every(value)
        case "cancel": return cancel(value)
        case "wake": return .wake
        case "sleep": return .sleep
        default:
            report(at: entry.keyLocation, "unknown action '\(entry.key)'",
                   suggestion: NameSuggestion.closest(to: entry.key, among: Self.actionNames))
            return nil
        }
    }

    /// `goto: panel` or `goto: {panel: id, transition: fade}`.
    private func goto(_ node: YAMLNode) -> ActionSpec? {
        var transition = Transition.slide
        let panelNode: YAMLNode?
        if let entries = node.mapping {
            rejectUnknownKeys(in: entries, known: ["panel", "transition"], describing: "'goto'")
            panelNode = node["panel"]
            if let transitionNode = node["transition"],
               case .choice(let word)? = value(of: transitionNode, as: .choice(Transition.allCases.map(\.rawValue)),
                                               named: "goto.transition") {
                transition = Transition(rawValue: word) ?? .slide
            }
        } else {
            panelNode = node
        }
        guard let panelNode, let panel = panelNode.scalar?.text, !panelNode.isNull else {
            report(at: (panelNode ?? node).location, "'goto' needs a panel", expected: "a panel id", found: (panelNode ?? node).summary)
            return nil
        }
        checkPanel(panel, at: panelNode.location)
        return .goto(panel: panel, transition: transition)
    }

    /// `set: {widget_id.property: value, state.NAME: value}`: a literal checked against the
    /// property's type (or the state's), `$value`, or a formula (`= …`, or `${…}` for a text).
    private func set(_ node: YAMLNode) -> ActionSpec? {
        guard let entries = mapping(node, describing: "'set'") else { return nil }
        var assignments: [Assignment] = []
        for entry in entries {
            guard let dot = entry.key.lastIndex(of: "."), dot != entry.key.startIndex,
                  entry.key.index(after: dot) != entry.key.endIndex else {
                report(at: entry.keyLocation, "invalid target '\(entry.key)' for 'set'", expected: "widget_id.property or state.NAME")
                continue
            }
            let id = String(entry.key[..<dot])
            let property = String(entry.key[entry.key.index(after: dot)...])
            if id == ExpressionNames.state {
                if let assignment = stateAssignment(property, entry) { assignments.append(assignment) }
                continue
            }
            guard let schema = schemaOfWidget(id, at: entry.keyLocation) else { continue }
            guard let propertySchema = schema.property(named: property) else {
                report(at: entry.keyLocation, "unknown property '\(property)' for \(schema.type) '\(id)'",
                       suggestion: NameSuggestion.closest(to: property, among: schema.properties.map(\.name)))
                continue
            }
            if entry.value.scalar?.text == "$value" {
                assignments.append(Assignment(widgetID: id, property: property, value: .eventValue))
                continue
            }
            switch writtenValue(of: entry.value, allowsTemplate: Self.acceptsTemplate(propertySchema.type)) {
            case .formula(let formula):
                check(formula, expecting: propertySchema.type.requiredExpressionType, insideActions: true)
                assignments.append(Assignment(widgetID: id, property: property, value: .formula(formula)))
            case .invalid:
                continue
            case .literal(let literalNode):
                if let literal = value(of: literalNode, as: propertySchema.type, named: property, base: propertySchema.defaultValue) {
                    assignments.append(Assignment(widgetID: id, property: property, value: .literal(literal)))
                }
            }
        }
        return assignments.count == entries.count ? .set(assignments) : nil
    }

    /// `state.NAME: value`: the state must be declared; a literal must have the type of its
    /// initial value (unless that is null), as must a formula whose type is known.
    private func stateAssignment(_ name: String, _ entry: YAMLNode.Entry) -> Assignment? {
        guard let declaration = stateDeclarations.first(where: { $0.name == name }) else {
            report(at: entry.keyLocation, "unknown state '\(name)'",
                   expected: stateDeclarations.isEmpty ? "a variable declared in a top-level 'state:' section" : nil,
                   suggestion: NameSuggestion.closest(to: name, among: stateDeclarations.map(\.name)))
            return nil
        }
        let type = declaration.type
        let expecting = type == .any ? nil : type
        if entry.value.scalar?.text == "$value" { return Assignment(state: name, value: .eventValue) }
        switch writtenValue(of: entry.value, allowsTemplate: true) {
        case .formula(let formula):
            check(formula, expecting: expecting, insideActions: true)
            return Assignment(state: name, value: .formula(formula))
        case .invalid:
            return nil
        case .literal(let literalNode):
            guard let literal = stateValue(literalNode, named: "state.\(name)") else { return nil }
            if literal == .null, case .success(let formula)? = Formula.parse("= null") {
                // A property value has no null: the formula that gives it stands for it.
                return Assignment(state: name, value: .formula(FormulaSpec(formula: formula, location: entry.value.location,
                                                                           columnsFollowText: false)))
            }
            if let expecting, literal.type != expecting {
                report(at: entry.value.location, "invalid value for 'state.\(name)'",
                       expected: "\(expecting.name), as its initial value", found: entry.value.summary)
                return nil
            }
            guard let fitting = PropertyValue(literal) else {
                report(at: entry.value.location, "invalid value for 'state.\(name)'",
                       expected: "a list or mapping without null in it (a formula such as \"= [1, null]\" may hold one)",
                       found: entry.value.summary)
                return nil
            }
            return Assignment(state: name, value: .literal(fitting))
        }
    }

    /// `alert: {title, message, buttons: [{title, actions}], title_font, message_font, button_font}`.
    private func alert(_ node: YAMLNode) -> ActionSpec? {
        guard let entries = mapping(node, describing: "'alert'") else { return nil }
        rejectUnknownKeys(in: entries, known: ["title", "message", "buttons", "title_font", "message_font", "button_font"],
                          describing: "'alert'")
        guard let titleNode = node["title"] else {
            report(at: node.location, "'alert' needs a 'title'")
            return nil
        }
        guard case .text(let title)? = value(of: titleNode, as: .text, named: "alert.title") else { return nil }
        var alert = AlertSpec(title: title)
        if let messageNode = node["message"], case .text(let message)? = value(of: messageNode, as: .text, named: "alert.message") {
            alert.message = message
        }
        if let buttonsNode = node["buttons"] {
            guard let items = buttonsNode.sequence, !items.isEmpty else {
                report(at: buttonsNode.location, "invalid value for 'alert.buttons'",
                       expected: "a list of {title, actions}", found: buttonsNode.summary)
                return nil
            }
            alert.buttons = items.compactMap(alertButton)
        }
        // Read as any font: property is, so a family that is not there is an error here too.
        func font(_ key: String) -> FontValue? {
            guard let fontNode = node[key], case .font(let font)? = value(of: fontNode, as: .font, named: "alert.\(key)") else {
                return nil
            }
            return font
        }
        alert.titleFont = font("title_font")
        alert.messageFont = font("message_font")
        alert.buttonFont = font("button_font")
        return .alert(alert)
    }

    private func alertButton(_ node: YAMLNode) -> AlertButton? {
        // A bare title is a button that only closes the alert.
        if node.scalar != nil { return text(node).map { AlertButton(title: $0) } }
        guard let entries = mapping(node, describing: "an alert button") else { return nil }
        rejectUnknownKeys(in: entries, known: ["title", "actions"], describing: "an alert button")
        guard let titleNode = node["title"], case .text(let title)? = value(of: titleNode, as: .text, named: "button.title") else {
            if node["title"] == nil { report(at: node.location, "an alert button needs a 'title'") }
            return nil
        }
        return AlertButton(title: title, actions: node["actions"].map(actions) ?? [])
    }

    /// `emit: name` or `emit: {event: name, value: literal or "$value"}`.
    private func emit(_ node: YAMLNode) -> ActionSpec? {
        if let name = node.scalar?.text, !node.isNull { return .emit(event: name, value: nil) }
        guard let entries = mapping(node, describing: "'emit'") else { return nil }
        rejectUnknownKeys(in: entries, known: ["event", "value"], describing: "'emit'")
        guard let eventNode = node["event"], let event = eventNode.scalar?.text, !eventNode.isNull else {
            report(at: node.location, "'emit' needs an 'event' name")
            return nil
        }
        guard let valueNode = node["value"] else { return .emit(event: event, value: nil) }
        if valueNode.scalar?.text == "$value" { return .emit(event: event, value: .eventValue) }
        switch writtenValue(of: valueNode, allowsTemplate: true) {
        case .formula(let formula):
            check(formula, expecting: nil, insideActions: true)
            return .emit(event: event, value: .formula(formula))
        case .invalid:
            return nil
        case .literal:
            break
        }
        guard let scalar = valueNode.scalar else {
            report(at: valueNode.location, "invalid value for 'emit.value'", expected: "a string, number, true/false, $value or a formula",
                   found: valueNode.summary)
            return nil
        }
        let literal: PropertyValue = ScalarReading.bool(valueNode).map(PropertyValue.bool)
            ?? (scalar.isPlain ? ScalarReading.number(valueNode).map(PropertyValue.number) : nil)
            ?? .string(Formula.literalText(of: scalar.text))
        return .emit(event: event, value: .literal(literal))
    }

    /// `if: {when: "= condition", then: [actions], else: [actions]}` (`else` is optional).
    private func condition(_ node: YAMLNode) -> ActionSpec? {
        guard let entries = mapping(node, describing: "'if'") else { return nil }
        rejectUnknownKeys(in: entries, known: ["when", "then", "else"], describing: "'if'")
        guard let whenNode = node["when"] else {
            report(at: node.location, "'if' needs 'when'", expected: "a condition such as \"= plate.valid\"")
            return nil
        }
        guard let thenNode = node["then"], !thenNode.isNull else {
            report(at: node["then"]?.location ?? node.location, "'if' needs 'then'",
                   expected: "the actions to run when the condition holds")
            return nil
        }
        let condition: FormulaSpec
        switch writtenValue(of: whenNode, allowsTemplate: false) {
        case .formula(let formula):
            check(formula, expecting: nil, insideActions: true)
            condition = formula
        case .invalid:
            return nil
        case .literal:
            report(at: whenNode.location, "invalid value for 'if.when'", expected: "a formula starting with '=' such as \"= plate.valid\"",
                   found: whenNode.summary)
            return nil
        }
        let otherwise = node["else"].map { $0.isNull ? [] : actions($0) } ?? []
        return .when(condition: condition, then: actions(thenNode), otherwise: otherwise)
    }
}

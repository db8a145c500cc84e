import KioskGraphics
import KioskUI

/// `text_field` and `underlined_text_field`: a `TextField` (or `UnderlinedTextField`);
/// `on_change` with the text as it is edited, `on_submit` with valid text on return. What was
/// typed is live state: a reload that does not change `text` keeps it, and the caret and focus.
public struct TextFieldAdapter: ComponentAdapter {
    public let type: String
    private let underlined: Bool

    public init(underlined: Bool = false) {
        self.underlined = underlined
        type = underlined ? "underlined_text_field" : "text_field"
    }

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        let field = underlined ? UnderlinedTextField() : TextField()
        let events = context.events
        _ = field.addAction(for: .editingChanged) { control in
            events.send("change", value: .text(.literal((control as? TextField)?.text ?? "")))
        }
        _ = field.addAction(for: .primaryAction) { control in
            events.send("submit", value: .text(.literal((control as? TextField)?.text ?? "")))
        }
        return field
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let field = view as? TextField else { return }
        changes.ifChanged("text") { assignIfDifferent(field, \.text, $0?.string ?? "") }
        changes.ifChanged("placeholder") { assignIfDifferent(field, \.placeholder, $0?.string ?? "") }
        changes.ifChanged("icon") { icon in
            // An icon name, or a picture's path (told apart as `kiosk check` does).
            let written = icon?.string
            if let written, IconNames.isPath(written) {
                assignIfDifferent(field, \.icon, nil)
                field.iconImage = context.imageContent(at: written)
            } else {
                assignIfDifferent(field, \.icon, written.flatMap { Icon(named: $0) })
                field.iconImage = nil
            }
        }
        changes.ifChanged("font") { font in
            switch font?.font ?? .style(.body) {
            case .style(let style):
                assignIfDifferent(field, \.font, nil)
                assignIfDifferent(field, \.textStyle, style)
            case .custom(let custom):
                assignIfDifferent(field, \.font, custom)
            }
        }
        changes.ifChanged("icon_tint") { assignIfDifferent(field, \.iconTint, $0?.color ?? .systemGray) }
        changes.ifChanged("keyboard") { assignIfDifferent(field, \.isNumeric, $0?.string == "number") }
        changes.ifChanged("secure") { assignIfDifferent(field, \.isSecure, $0?.bool ?? false) }
        changes.ifChanged("validate") { assignIfDifferent(field, \.validationRules, Self.rules($0?.record ?? [:])) }
        changes.ifChanged("error_message") { assignIfDifferent(field, \.errorMessage, $0?.string) }
        changes.ifChanged("error") { assignIfDifferent(field, \.error, $0?.string) }
        changes.ifChanged("underline_color") { assignIfDifferent(field, \.underlineColor, $0?.color ?? Color(hex: 0x555555)) }
        changes.ifChanged("underline_width") { assignIfDifferent(field, \.underlineWidth, $0?.number ?? 1) }
        changes.ifChanged("enabled") { assignIfDifferent(field, \.isEnabled, $0?.bool ?? true) }
    }

    public func value(of property: String, in view: View) -> PropertyValue? {
        guard let field = view as? TextField else { return nil }
        switch property {
        case "text": return .text(.literal(field.text))
        case "error": return field.error.map { .text(.literal($0)) }
        // For formulas (`enabled: "= plate.valid"`): whether the text as it is now passes the
        // rules, whether or not an error is shown yet.
        case "valid": return .bool(field.validationRules.allSatisfy { $0.failure(for: field.text) == nil })
        default: return nil
        }
    }

    static func rules(_ fields: [String: PropertyValue]) -> [ValidationRule] {
        var rules: [ValidationRule] = []
        if fields["required"]?.bool == true { rules.append(.required) }
        if let count = fields["min_length"]?.integer { rules.append(.minLength(count)) }
        if let count = fields["max_length"]?.integer { rules.append(.maxLength(count)) }
        if let pattern = fields["pattern"]?.string { rules.append(.pattern(pattern)) }
        if case .range(let range)? = fields["range"] { rules.append(.range(range)) }
        return rules
    }
}

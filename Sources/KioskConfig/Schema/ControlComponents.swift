import KioskGraphics

/// The components that take touches or text.
nonisolated enum ControlComponents {
    static let enabled = PropertySchema("enabled", .bool, default: .bool(true),
                                        doc: "Disabled controls are dimmed and ignore touches.")
    static let keyboard = PropertySchema("keyboard", .choice(["text", "number", "email"]), default: .choice("text"),
                                         doc: "Which on-screen keyboard layout the field asks for.")
    static let secure = PropertySchema("secure", .bool, default: .bool(false), doc: "Hide the characters typed.")

    static let all: [ComponentSchema] = [
        ComponentSchema(type: "button", doc: "A titled button, highlighted while pressed; on_tap fires on touch-up inside.",
                        properties: [
                            PropertySchema("title", .text, default: .text(.literal("")), doc: "Button title."),
                            PropertySchema("background", .color, default: .color(.systemRed), doc: "Fill colour."),
                            PropertySchema("title_color", .color, default: .color(.white), doc: "Title colour."),
                            PropertySchema("font", .font, default: .font(.style(.body)), doc: "Title text style or font."),
                            PropertySchema("corner_radius", .number(PropertyLimits.length), default: .number(5), doc: "Corner radius."),
                            PropertySchema("style", .choice(["filled", "bordered", "plain"]), default: .choice("filled"),
                                           doc: "Filled, bordered or plain look."),
                            enabled,
                        ], events: ["tap", "long_press"]),
        ComponentSchema(type: "tappable_card", doc: "A card that shrinks to 0.95 and fades to 0.7 while pressed; on_tap only when released inside.",
                        properties: DisplayComponents.cardProperties + [enabled], events: ["tap", "long_press"]),
        ComponentSchema(type: "slider", doc: "Drag the thumb or tap the track; on_change while dragging, on_commit at release.",
                        properties: [
                            PropertySchema("value", .number(PropertyLimits.value), doc: "Current value, within min…max (default: min)."),
                            PropertySchema("min", .number(PropertyLimits.value), default: .number(0), doc: "Value at the leading end."),
                            PropertySchema("max", .number(PropertyLimits.value), default: .number(1), doc: "Value at the trailing end."),
                            PropertySchema("step", .number(PropertyLimits.step), doc: "Snap to multiples of this (none: continuous)."),
                            PropertySchema("min_track_color", .color, default: .color(.accent), doc: "Track before the thumb; the theme's accent unless set."),
                            PropertySchema("max_track_color", .color, default: .color(.systemGray), doc: "Track after the thumb."),
                            PropertySchema("thumb_color", .color, default: .color(.white), doc: "Thumb colour."),
                            enabled,
                        ], events: ["change", "commit"], check: rangeCheck),
        ComponentSchema(type: "marked_slider", doc: "A slider with a tick at every step that snaps to steps; adjustable by one step.",
                        properties: [
                            PropertySchema("value", .number(PropertyLimits.value), doc: "Current value, within min…max (default: min)."),
                            PropertySchema("min", .number(PropertyLimits.value), default: .number(0), doc: "Value of the first tick."),
                            PropertySchema("max", .number(PropertyLimits.value), default: .number(10), doc: "Value of the last tick."),
                            PropertySchema("step", .number(PropertyLimits.markedStep), default: .number(1), doc: "Distance between ticks."),
                            PropertySchema("active_color", .color, default: .color(.accent), doc: "Passed ticks and filled track; the theme's accent unless set."),
                            PropertySchema("inactive_color", .color, default: .color(.systemGray),
                                           doc: "Ticks and track not yet passed."),
                            enabled,
                        ], events: ["change", "commit"], check: rangeCheck),
        ComponentSchema(type: "switch", doc: "An on/off switch with an animated knob.",
                        properties: [PropertySchema("on", .bool, default: .bool(false), doc: "Whether the switch is on."), enabled],
                        events: ["change"]),
        ComponentSchema(type: "text_field", doc: "A bordered single-line field with validation and an error message below.",
                        properties: [
                            PropertySchema("text", .text, default: .text(.literal("")), doc: "Initial text."),
                            PropertySchema("placeholder", .text, default: .text(.literal("")), doc: "Shown while empty."),
                            PropertySchema("font", .font, default: .font(.style(.body)), doc: "Text style or font."),
                            PropertySchema("icon", .icon(acceptsPath: true), doc: "Icon name, or path of a PNG, JPEG or SVG file, shown 24×24 at the leading edge."),
                            PropertySchema("icon_tint", .color, default: .color(.systemGray), doc: "Tint of the icon."),
                            keyboard, secure,
                            PropertySchema("validate", .record([
                                PropertySchema("required", .bool, doc: "The field may not be empty."),
                                PropertySchema("min_length", .integer(PropertyLimits.textLength), doc: "Fewest characters."),
                                PropertySchema("max_length", .integer(PropertyLimits.textLength), doc: "Most characters."),
                                PropertySchema("pattern", .string, doc: "A regular expression the whole text must match."),
                                PropertySchema("range", .range, doc: "A number within [min, max]."),
                            ]), doc: "Rules checked on edit-end and on submit."),
                            PropertySchema("error_message", .text, doc: "Shown below the field while invalid."),
                            PropertySchema("error", .text, doc: "An error set from outside (e.g. by a set action)."),
                            enabled,
                        ], events: ["change", "submit"], check: validationCheck),
        ComponentSchema(type: "underlined_text_field", doc: "A borderless field with a line under it; height 35, 12 padding each side.",
                        properties: [
                            PropertySchema("text", .text, default: .text(.literal("")), doc: "Initial text."),
                            PropertySchema("placeholder", .text, default: .text(.literal("")), doc: "Shown while empty."),
                            PropertySchema("font", .font, default: .font(.style(.body)), doc: "Text style or font."),
                            PropertySchema("underline_color", .color, default: .color(Color(hex: 0x555555)), doc: "Line colour."),
                            PropertySchema("underline_width", .number(PropertyLimits.borderWidth), default: .number(1), doc: "Line thickness."),
                            keyboard, secure, enabled,
                        ], events: ["change", "submit"]),
        ComponentSchema(type: "text_view", doc: "Multi-line text editing with wrapping and scrolling.",
                        properties: [
                            PropertySchema("text", .text, default: .text(.literal("")), doc: "Initial text."),
                            PropertySchema("font", .font, default: .font(.style(.body)), doc: "Text style or font."),
                            PropertySchema("inset", .insets, default: .insets(EdgeInsets(all: 8)), doc: "Space around the text."),
                            PropertySchema("editable", .bool, default: .bool(true), doc: "Whether typing changes the text."),
                        ], events: ["change"]),
        ComponentSchema(type: "keyboard", doc: "On-screen keyboard that slides up when a text input gains focus and no hardware keyboard is present.",
                        properties: [
                            PropertySchema("layout", .string, doc: "Keyboard layout such as us, es, de (default: from the locale)."),
                            PropertySchema("height", .number(PropertyLimits.length), doc: "Height of the keyboard in points (default: 260)."),
                            PropertySchema("font", .font,
                                           doc: "Text style or font of the key labels, the other keys' at 3/4 of its size (default: 20 and 15, following the text scale up to 1.3)."),
                        ]),
    ]

    /// `min` below `max`, and `value` between them.
    static let rangeCheck: ComponentSchema.Check = { properties in
        guard let low = properties["min"]?.number, let high = properties["max"]?.number else { return [] }
        guard low < high else {
            return [ComponentIssue(property: "max", message: "'max' (\(high.compact)) must be greater than 'min' (\(low.compact))")]
        }
        if let value = properties["value"]?.number, !(low...high).contains(value) {
            return [ComponentIssue(property: "value",
                                   message: "'value' \(value.compact) is outside min…max (\(low.compact)…\(high.compact))")]
        }
        return []
    }

    /// A pattern must compile and `min_length` may not exceed `max_length`.
    static let validationCheck: ComponentSchema.Check = { properties in
        guard let rules = properties["validate"]?.record else { return [] }
        var issues: [ComponentIssue] = []
        if let pattern = rules["pattern"]?.string, TextPattern(pattern) == nil {
            issues.append(ComponentIssue(property: "validate", message: "'pattern' is not a valid regular expression: \(pattern)"))
        }
        if let low = rules["min_length"]?.integer, let high = rules["max_length"]?.integer, low > high {
            issues.append(ComponentIssue(property: "validate", message: "'min_length' (\(low)) is greater than 'max_length' (\(high))"))
        }
        return issues
    }
}

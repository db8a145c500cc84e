import KioskGraphics

/// The properties every view accepts, whatever its type.
nonisolated public enum CommonProperties {
    public static let accessibilityTraits = ["button", "adjustable", "image", "header", "selected", "not_enabled"]

    public static let all: [PropertySchema] = [
        PropertySchema("size", .size, doc: "Fixed width and height; without it the view takes its ideal size."),
        PropertySchema("min_size", .size, doc: "The smallest size layout may give the view."),
        PropertySchema("max_size", .size, doc: "The largest size layout may give the view."),
        PropertySchema("padding", .insets, doc: "Space between the view's edges and its content."),
        PropertySchema("background", .color, doc: "Fill colour behind the content (none when not written)."),
        PropertySchema("corner_radius", .number(PropertyLimits.length), doc: "Rounds the background, border, shadow and clip."),
        PropertySchema("border", .record([
            PropertySchema("width", .number(PropertyLimits.borderWidth), default: .number(1), doc: "Stroke width in points."),
            PropertySchema("color", .color, default: .color(.systemGray4), doc: "Stroke colour."),
        ]), doc: "A stroke along the (rounded) edge."),
        PropertySchema("shadow", .record(shadowFields), doc: "A blurred shadow that follows the rounded shape."),
        PropertySchema("alpha", .number(0...1), default: .number(1), doc: "Opacity of the view and its children."),
        PropertySchema("hidden", .bool, default: .bool(false), doc: "Hidden views are not drawn and not touchable."),
        PropertySchema("clips", .bool, default: .bool(false), doc: "Clip children to the view's (rounded) bounds."),
        PropertySchema("opaque", .bool, default: .bool(false),
                       doc: "Promise that the view paints every pixel of its bounds, so views below are skipped."),
        PropertySchema("rasterize", .bool, default: .bool(false), doc: "Cache the rendered subtree as an image."),
        PropertySchema("accessibility", .record([
            PropertySchema("label", .text, doc: "What a screen reader says for the view."),
            PropertySchema("hint", .text, doc: "What happens when the view is activated."),
            PropertySchema("value", .text, doc: "The view's current value, spoken after the label."),
            PropertySchema("traits", .list(.choice(accessibilityTraits)), doc: "What kind of element the view is."),
        ]), doc: "Accessibility label, hint, value and traits."),
    ]

    static let shadowFields: [PropertySchema] = [
        PropertySchema("color", .color, default: .color(.black), doc: "Shadow colour."),
        PropertySchema("opacity", .number(0...1), default: .number(0.2), doc: "Shadow opacity."),
        PropertySchema("offset", .point, default: .point(Point(x: 0, y: 4)), doc: "Offset [x, y] in points."),
        PropertySchema("radius", .number(PropertyLimits.shadowRadius), default: .number(8), doc: "Blur radius in points."),
    ]

    /// Keys a widget mapping uses for its structure rather than for properties.
    public static let structuralKeys = ["type", "id", "style", "children"]
}

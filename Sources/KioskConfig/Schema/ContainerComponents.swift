/// The layout containers of COMPONENTS.md.
nonisolated enum ContainerComponents {
    static let axis = PropertySchema("axis", .choice(["vertical", "horizontal"]), default: .choice("vertical"),
                                     doc: "The direction children are placed in.")
    /// A scroll view's content is larger than it: shown beyond its bounds, it would cover its
    /// neighbours (a `list` has the same default).
    static let scrollClips = PropertySchema("clips", .bool, default: .bool(true),
                                            doc: "Clip the content to the view's bounds (true: it is larger than the view).")

    static let all: [ComponentSchema] = [
        ComponentSchema(type: "stack", doc: "Lays children out one after another along an axis; RTL mirrors horizontal stacks.",
                        properties: [
                            axis,
                            PropertySchema("spacing", .number(PropertyLimits.length), default: .number(0), doc: "Space between children."),
                            PropertySchema("alignment", .choice(["leading", "center", "trailing", "top", "bottom", "fill"]),
                                           default: .choice("center"), doc: "Where children sit across the axis."),
                            PropertySchema("distribution", .choice(["fill", "equal", "leading"]), default: .choice("fill"),
                                           doc: "How space along the axis is shared."),
                        ], acceptsChildren: true),
        ComponentSchema(type: "overlay", doc: "Children drawn on top of each other, the last one on top.",
                        properties: [
                            PropertySchema("alignment", .choice(["center", "top", "bottom", "leading", "trailing",
                                                                 "top_leading", "top_trailing", "bottom_leading",
                                                                 "bottom_trailing"]),
                                           default: .choice("center"), doc: "Where children sit inside the overlay."),
                        ], acceptsChildren: true),
        ComponentSchema(type: "spacer", doc: "Takes the free space along its stack's axis.",
                        properties: [
                            PropertySchema("min_length", .number(PropertyLimits.length), default: .number(0), doc: "The least space it takes."),
                        ]),
        ComponentSchema(type: "grid", doc: "Equal columns; rows are as tall as their tallest child.",
                        properties: [
                            PropertySchema("columns", .integer(PropertyLimits.columns), default: .integer(2), doc: "Number of columns."),
                            PropertySchema("spacing", .number(PropertyLimits.length), default: .number(8), doc: "Space between cells."),
                        ], acceptsChildren: true),
        ComponentSchema(type: "scroll", doc: "Kinetic scrolling with deceleration and edge bounce; children stack along the axis.",
                        properties: [axis, scrollClips], acceptsChildren: true),
    ]
}

import KioskGraphics

/// The components that show something and do not take input (avatar reports taps).
nonisolated enum DisplayComponents {
    static let cardProperties: [PropertySchema] = [
        PropertySchema("title", .text, default: .text(.literal("")), doc: "Headline text, centred 20 from the top."),
        PropertySchema("subtitle", .text, default: .text(.literal("")), doc: "Subheadline text, 8 below the title."),
        PropertySchema("title_color", .color,
                       doc: "Title colour (default: white or black, whichever contrasts more with the background)."),
        PropertySchema("subtitle_color", .color, doc: "Subtitle colour (default: the title's automatic colour at 80%)."),
        PropertySchema("font", .font, default: .font(.style(.headline)), doc: "Title text style or font."),
        PropertySchema("subtitle_font", .font, default: .font(.style(.subheadline)), doc: "Subtitle text style or font."),
        PropertySchema("background", .color, default: .color(.systemBlue), doc: "Card fill colour."),
        PropertySchema("corner_radius", .number(PropertyLimits.length), default: .number(12), doc: "Corner radius."),
        PropertySchema("shadow", .record(CommonProperties.shadowFields),
                       default: .record(["color": .color(.black), "opacity": .number(0.2),
                                         "offset": .point(Point(x: 0, y: 4)), "radius": .number(8)]),
                       doc: "Shadow following the rounded corners."),
    ]

    static let all: [ComponentSchema] = [
        ComponentSchema(type: "label", doc: "Text laid out by Pango, cached until text, font or width change.",
                        properties: [
                            PropertySchema("text", .text, default: .text(.literal("")), doc: "The text shown."),
                            PropertySchema("font", .font, default: .font(.style(.body)), doc: "Text style or font."),
                            PropertySchema("color", .color, default: .color(.label), doc: "Text colour."),
                            PropertySchema("alignment", .choice(["natural", "leading", "center", "trailing", "justified"]),
                                           default: .choice("natural"), doc: "Horizontal text alignment."),
                            PropertySchema("lines", .integer(PropertyLimits.lines), default: .integer(0), doc: "Most lines shown; 0 = unlimited."),
                            PropertySchema("wrap", .choice(["word", "char", "word_char"]), default: .choice("word"),
                                           doc: "Where lines may break."),
                            PropertySchema("ellipsize", .choice(["none", "start", "middle", "end"]), default: .choice("end"),
                                           doc: "Where text that does not fit is shortened."),
                        ]),
        ComponentSchema(type: "image", doc: "A PNG, JPEG or SVG file, or a symbol; files are decoded once and cached.",
                        properties: [
                            PropertySchema("source", .string, doc: "Path of a PNG, JPEG or SVG file (relative to the config)."),
                            PropertySchema("symbol", .icon(acceptsPath: false), doc: "Icon name such as person.circle.fill or mdi:parking."),
                            PropertySchema("fit", .choice(["contain", "cover", "fill"]),
                                           doc: "contain: whole picture, proportions kept; cover: fills the view, excess clipped; "
                                               + "fill: stretched to the view. Wins over content_mode."),
                            PropertySchema("content_mode", .choice(["fit", "fill", "center"]), default: .choice("fit"),
                                           doc: "How the image fills the view (fit = contain, fill = cover; center: own size)."),
                            PropertySchema("tint", .color, doc: "Colour for symbols and template images."),
                            PropertySchema("circle", .bool, default: .bool(false), doc: "Clip to a circle."),
                        ]),
        ComponentSchema(type: "card", doc: "A rounded, shadowed card with a title and a subtitle.", properties: cardProperties),
        ComponentSchema(type: "progress", doc: "A circular progress ring with an optional centred percentage.",
                        properties: [
                            PropertySchema("value", .number(0...1), default: .number(0), doc: "Progress from 0 to 1."),
                            PropertySchema("color", .color, default: .color(.systemGreen), doc: "Colour of the arc."),
                            PropertySchema("track_color", .color, default: .color(.systemGray), doc: "Colour of the track."),
                            PropertySchema("line_width", .number(PropertyLimits.lineWidth), default: .number(10), doc: "Ring thickness."),
                            PropertySchema("show_percentage", .bool, default: .bool(true), doc: "Show \"NN%\" in the centre."),
                            PropertySchema("font", .font,
                                           doc: "Text style or font of the percentage (default: 20 bold, following the text scale)."),
                        ]),
        ComponentSchema(type: "avatar", doc: "A square image clipped to a circle with a username below; reports taps.",
                        properties: [
                            PropertySchema("image", .string, doc: "Path of a PNG, JPEG or SVG file, shown as it is."),
                            PropertySchema("symbol", .icon(acceptsPath: false), default: .string("person.circle.fill"), doc: "Icon used without an image."),
                            PropertySchema("username", .text, default: .text(.literal("")), doc: "Caption below the image."),
                            PropertySchema("font", .font, default: .font(.style(.caption1)), doc: "Text style or font of the username."),
                            PropertySchema("user_id", .string, default: .string(""), doc: "Passed to on_tap as $value."),
                        ], events: ["tap", "long_press"]),
        QRCodeComponent.schema,
    ]
}

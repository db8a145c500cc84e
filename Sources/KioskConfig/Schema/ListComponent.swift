/// `list`: rows repeated from data, built only where they can be seen.
nonisolated enum ListComponent {
    static let schema = ComponentSchema(
        type: "list",
        doc: "Rows repeated from a list of items (a row template reading $item and $index); scrolls, and builds only the rows in view.",
        properties: [
            ContainerComponents.scrollClips,
            PropertySchema("items", .list(.any), default: .list([]),
                           doc: "The items, usually bound: \"= orders.items\". Each gives one row."),
            PropertySchema("row", .any, doc: "The widget made for each item; its formulas read $item and $index."),
            PropertySchema("key", .string, doc: "A formula giving each row its identity (\"= $item.id\"); by default its position."),
            PropertySchema("row_height", .number(1...PropertyLimits.length.upperBound), default: .number(56),
                           doc: "The height of every row."),
            PropertySchema("spacing", .number(PropertyLimits.length), default: .number(0), doc: "Space between rows."),
            PropertySchema("empty_text", .text, default: .text(.literal("")), doc: "Shown when there are no items."),
            PropertySchema("empty_font", .font, default: .font(.style(.body)), doc: "Text style or font of the empty text."),
        ])
}

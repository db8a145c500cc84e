import KioskExpression

/// The names a `list` row's formulas read besides the panel's.
nonisolated extension ExpressionNames {
    /// The row's item (any value: a record, a text, a number).
    public static let item = "$item"
    /// The row's position in the list, from 0.
    public static let index = "$index"
}

/// Where a `list` keeps what it repeats: `row:` (a widget) and `key:` (a formula).
nonisolated enum ListRowsDecoding {
    static let type = "list"
    static let row = "row"
    static let key = "key"
}

nonisolated extension DecodingContext {
    /// What formulas inside a row template read: what any binding (or, in the row's actions, any
    /// action) reads, `$item` and `$index`.
    func makeRowCatalogue(adding outer: ExpressionCatalogue) -> ExpressionCatalogue {
        var catalogue = outer
        catalogue.names[ExpressionNames.item] = .any
        catalogue.names[ExpressionNames.index] = .number
        return catalogue
    }

    /// A `list`'s `row:` and `key:`. The row is decoded as any widget, its formulas checked with
    /// `$item` and `$index` known; the key must be a formula (every row has its own).
    func listRows(of node: YAMLNode) -> ListRowsSpec? {
        guard let rowNode = node[ListRowsDecoding.row] else {
            report(at: node.location, "list has no 'row'", expected: "a widget repeated for every item, such as "
                   + "row: {type: label, text: \"${$item.name}\"}")
            return nil
        }
        let key = node[ListRowsDecoding.key].flatMap(rowKey)
        listRowDepth += 1
        defer { listRowDepth -= 1 }
        guard rowNode.mapping != nil else {
            report(at: rowNode.location, "invalid value for 'row'", expected: "a widget (a mapping with a 'type')",
                   found: rowNode.summary)
            return nil
        }
        return widget(rowNode).map { ListRowsSpec(template: $0, key: key) }
    }

    private func rowKey(_ node: YAMLNode) -> FormulaSpec? {
        switch writtenValue(of: node, allowsTemplate: false) {
        case .formula(let formula):
            listRowDepth += 1
            defer { listRowDepth -= 1 }
            check(formula, expecting: nil, insideActions: false)
            return formula
        case .invalid:
            return nil
        case .literal:
            report(at: node.location, "invalid value for 'key'",
                   expected: "a formula giving each row its identity, such as \"= $item.id\"", found: node.summary)
            return nil
        }
    }
}

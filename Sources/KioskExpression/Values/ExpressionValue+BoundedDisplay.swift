extension ExpressionValue {
    /// `displayText`, or nil when it would be longer than `limit` UTF-8 bytes.
    ///
    /// The text is written piece by piece and given up as soon as it passes `limit`. A list may
    /// hold a data source's list hundreds of times over (`${[rows, rows, …]}` fits in a formula), and
    /// its whole display text would then be hundreds of megabytes, built on the thread that paints
    /// only to be refused; this way refusing it costs no more than `limit`.
    public func displayText(limit: Int) -> String? {
        var writer = BoundedTextWriter(limit: limit)
        return writer.writeDisplay(of: self) ? writer.text : nil
    }
}

/// Text written within a byte limit: each `write` says whether the text still fits.
struct BoundedTextWriter {
    private(set) var text = ""
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// Appends `piece`; false once the text is longer than the limit. A single piece (a text a
    /// source gave) may take the text past the limit by its own length, never by more.
    mutating func write(_ piece: String) -> Bool {
        text += piece
        return text.utf8.count <= limit
    }

    /// `displayText`, written into the text: lists item by item, records as JSON.
    mutating func writeDisplay(of value: ExpressionValue) -> Bool {
        switch value {
        case .list(let items):
            for (index, item) in items.enumerated() {
                if index > 0, !write(", ") { return false }
                if !writeDisplay(of: item) { return false }
            }
            return text.utf8.count <= limit
        case .record:
            return writeJSON(of: value)
        case .null, .bool, .number, .text:
            return write(value.scalarDisplayText ?? "")
        }
    }

    /// `jsonText`, written into the text.
    mutating func writeJSON(of value: ExpressionValue) -> Bool {
        switch value {
        case .list(let items):
            guard write("[") else { return false }
            for (index, item) in items.enumerated() {
                if index > 0, !write(",") { return false }
                if !writeJSON(of: item) { return false }
            }
            return write("]")
        case .record(let fields):
            guard write("{") else { return false }
            for (index, key) in fields.keys.sorted().enumerated() {
                if index > 0, !write(",") { return false }
                guard write(ExpressionValue.jsonQuoted(key) + ":"), writeJSON(of: fields[key]!) else { return false }
            }
            return write("}")
        case .null, .bool, .number, .text:
            return write(value.scalarJSONText ?? "")
        }
    }
}

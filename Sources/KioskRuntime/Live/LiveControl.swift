import KioskConfig
import KioskExpression

/// The control socket's commands on live values: `state` and `eval`. `kiosk ctl` sends the same.
extension PanelHost {
    /// `{"cmd":"state","name":N,"value":V}`: sets a declared state variable, as `set: {state.N: V}` would.
    func controlSetState(_ name: String, to value: JSONValue) -> ControlReply {
        guard live.declaresState(name) else {
            let known = live.stateDeclarations.map(\.name)
            let hint = NameSuggestion.closest(to: name, among: known).map { "; did you mean '\($0)'?" } ?? ""
            return .error(known.isEmpty ? "no state variable '\(name)': the config declares none"
                                        : "no state variable '\(name)'\(hint)")
        }
        live.setState(name, ExpressionJSON.expression(value))
        return .ok
    }

    /// `{"cmd":"eval","expr":"…"}`: the value of an expression (written with or without its `=`, or
    /// as text with `${…}`), as the running kiosk sees it now; an error says at which column of
    /// the text sent.
    func controlEvaluate(_ text: String) -> ControlReply {
        // Without `=` (and with no `${`) the text is an expression all the same: `hours.value / 8`.
        let written = Formula.parse(text) == nil ? "= " + text : text
        let shift = written.count - text.count
        switch Formula.parse(written) {
        case .success(let formula)?:
            if let unknown = unknownName(in: formula) { return .error(Self.describe(unknown, shift: shift)) }
            switch evaluate(formula) {
            case .success(let value): return .ok(ExpressionJSON.json(value))
            case .failure(let error): return .error(Self.describe(error, shift: shift))
            }
        case .failure(let error)?:
            return .error(Self.describe(error, shift: shift))
        case nil:
            return .error("nothing to evaluate")
        }
    }

    /// A name that is neither a widget, a state variable's root, a source nor a global: said as
    /// such (with the nearest known name), rather than as a value missing at run time.
    private func unknownName(in formula: Formula) -> ExpressionError? {
        var known = Set(ExpressionNames.globals.keys).union([ExpressionNames.state]).union(live.sources.keys)
        for root in config.widgetRoots { Self.collectIDs(in: root, into: &known) }
        for reference in formula.references {
            guard let root = reference.path.first, !known.contains(root) else { continue }
            var error = ExpressionError("unknown name '\(root)'", at: reference.span)
            error.suggestion = NameSuggestion.closest(to: root, among: known.sorted())
            return error
        }
        return nil
    }

    private static func collectIDs(in widget: WidgetSpec, into ids: inout Set<String>) {
        if let id = widget.id { ids.insert(id) }
        for child in widget.children { collectIDs(in: child, into: &ids) }
    }

    private static func describe(_ error: ExpressionError, shift: Int) -> String {
        let hint = error.suggestion.map { "; did you mean '\($0)'?" } ?? ""
        return "column \(max(1, error.span.offset - shift + 1)): \(error.message)\(hint)"
    }
}

/// Values between the control socket's JSON and formulas.
enum ExpressionJSON {
    static func expression(_ json: JSONValue) -> ExpressionValue {
        switch json {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number)
        case .string(let text): .text(text)
        case .array(let items): .list(items.map(expression))
        case .object(let members): .record(members.mapValues(expression))
        }
    }

    static func json(_ value: ExpressionValue) -> JSONValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number)
        case .text(let text): .string(text)
        case .list(let items): .array(items.map(json))
        case .record(let fields): .object(fields.mapValues(json))
        }
    }
}

import FoundationEssentials
import Glibc

extension Formula {
    /// This formula with `names` read as the values given, whatever scope it is evaluated in. A
    /// `list` row's actions are its template's with `$item` and `$index` fixed: they run later (a
    /// tap, a timer, an alert's button), where nothing else knows which row they came from.
    public func fixing(_ names: [String: ExpressionValue]) -> Formula {
        var fixed = self
        fixed.fixedNames.merge(names) { _, new in new }
        return fixed
    }
}

/// Reads the fixed names first, then whatever `outer` holds.
struct FixedNamesScope<Outer: ExpressionScope>: ExpressionScope {
    let fixed: [String: ExpressionValue]
    let outer: Outer

    var locale: String { outer.locale }
    var timeZone: TimeZone { outer.timeZone }

    func value(of name: String, member: String?) -> ExpressionValue? {
        // A member of a fixed name is read from its record by the evaluator, which asks for the
        // name alone when this answers nil.
        if let value = fixed[name] { return member == nil ? value : nil }
        return outer.value(of: name, member: member)
    }
}

import FoundationEssentials
import Glibc
import KioskGraphics

/// A condition a text field's text must meet; the first rule that fails gives the error message.
public enum ValidationRule: Hashable, Sendable {
    case required
    case minLength(Int)
    case maxLength(Int)
    /// The whole text matches this regular expression (`TextPattern`).
    case pattern(String)
    /// The text is a number in this range.
    case range(ClosedRange<Double>)

    /// The message shown when the rule fails, or nil when `text` passes.
    public func failure(for text: String) -> String? {
        switch self {
        case .required:
            return text.allSatisfy(\.isWhitespace) ? "Required" : nil
        case .minLength(let count):
            return !text.isEmpty && text.count < count ? "At least \(count) characters" : nil
        case .maxLength(let count):
            return text.count > count ? "At most \(count) characters" : nil
        case .pattern(let pattern):
            guard !text.isEmpty else { return nil }
            // A text the pattern cannot decide on in bounded work is not let through.
            return TextPattern(pattern)?.verdict(for: text) == .matches ? nil : "Invalid format"
        case .range(let range):
            guard !text.isEmpty else { return nil }
            guard let number = Double(text.replacing(",", with: ".")), range.contains(number) else {
                return "Between \(Self.format(range.lowerBound)) and \(Self.format(range.upperBound))"
            }
            return nil
        }
    }

    private static func format(_ value: Double) -> String {
        value.compact
    }
}

import FoundationEssentials
import Glibc
import KioskExpression
import KioskGraphics

/// Reading numbers, booleans, durations and sizes out of scalar text.
nonisolated enum ScalarReading {
    static func number(_ node: YAMLNode) -> Double? {
        guard let scalar = node.scalar, let value = Double(scalar.text.trimmingWhitespace()),
              value.isFinite else { return nil }
        return value
    }

    /// A scalar that reads as a number that is not finite: YAML's `.nan`, `.inf`, `-.inf`, the
    /// words `nan` and `inf`, or digits beyond a Double's range such as `1e999`.
    static func isNonFinite(_ node: YAMLNode) -> Bool {
        guard let scalar = node.scalar, scalar.isPlain else { return false }
        let text = scalar.text.trimmingWhitespace().lowercased()
        if [".nan", ".inf", "+.inf", "-.inf"].contains(text) { return true }
        return Double(text).map { !$0.isFinite } ?? false
    }

    static func integer(_ node: YAMLNode) -> Int? {
        guard let value = number(node), value.isWhole, abs(value) < 1e15 else { return nil }
        return Int(value)
    }

    /// YAML 1.1's words for true and false, unquoted only.
    static func bool(_ node: YAMLNode) -> Bool? {
        guard let scalar = node.scalar, scalar.isPlain else { return nil }
        return BoolSpelling.value(scalar.text)
    }

    /// Seconds from `0.3s`, `300ms`, `2min`, `1h` or a bare number.
    static func duration(_ node: YAMLNode) -> Double? {
        if let seconds = number(node) { return seconds >= 0 ? seconds : nil }
        guard let text = node.scalar?.text.trimmingWhitespace().lowercased() else { return nil }
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("min", 60), ("s", 1), ("m", 60), ("h", 3600)]
        for unit in units where text.hasSuffix(unit.suffix) {
            let digits = text.dropLast(unit.suffix.count).trimmingWhitespace()
            guard let value = Double(digits), value.isFinite, value >= 0 else { return nil }
            return value * unit.seconds
        }
        return nil
    }

    /// `800x480` (or with `×`), both parts positive numbers.
    static func dimensions(_ text: String) -> (Double, Double)? {
        let parts = text.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
        guard parts.count == 2,
              let width = Double(parts[0].trimmingWhitespace()),
              let height = Double(parts[1].trimmingWhitespace()),
              width.isFinite, height.isFinite, width >= 0, height >= 0 else { return nil }
        return (width, height)
    }

    /// Two numbers written as a list: `[x, y]`.
    static func pair(_ node: YAMLNode) -> (Double, Double)? {
        guard let items = node.sequence, items.count == 2,
              let first = number(items[0]), let second = number(items[1]) else { return nil }
        return (first, second)
    }
}

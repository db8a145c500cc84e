import FoundationEssentials
import FoundationInternationalization
import Glibc

/// The values of a gauge's ticks and how its numbers are written: with the environment's locale
/// (a decimal comma in German, Arabic digits in Arabic).
struct GaugeScale: Equatable {
    var minimum: Double
    var maximum: Double
    /// Labelled ticks, both ends included.
    var majorTickCount: Int
    /// Unlabelled ticks between two labelled ones.
    var minorTickCount: Int

    var span: Double { maximum - minimum }

    /// Where `value` lies on the scale, 0 at the minimum and 1 at the maximum.
    func fraction(of value: Double) -> Double {
        guard span > 0, value.isFinite else { return 0 }
        return min(max((value - minimum) / span, 0), 1)
    }

    var majorValues: [Double] {
        let intervals = max(1, majorTickCount - 1)
        return (0...intervals).map { minimum + span * Double($0) / Double(intervals) }
    }

    /// The fractions of the minor ticks, between the major ones.
    var minorFractions: [Double] {
        let intervals = max(1, majorTickCount - 1), minors = max(0, minorTickCount)
        let steps = intervals * (minors + 1)
        return (0...steps).filter { $0 % (minors + 1) != 0 }.map { Double($0) / Double(steps) }
    }

    /// A tick label: as few fraction digits as the value needs, up to three.
    static func tickText(_ value: Double, locale: String) -> String {
        let style = FloatingPointFormatStyle<Double>(locale: Locale(identifier: locale))
            .precision(.fractionLength(0...3)).rounded(rule: .toNearestOrAwayFromZero)
        return style.format(value == 0 ? 0 : value)   // no "-0"
    }

    /// The value label: exactly `digits` fraction digits, then the unit.
    static func valueText(_ value: Double, digits: Int, unit: String, locale: String) -> String {
        let style = FloatingPointFormatStyle<Double>(locale: Locale(identifier: locale))
            .precision(.fractionLength(digits)).rounded(rule: .toNearestOrAwayFromZero)
        return style.format(value == 0 ? 0 : value) + unit
    }
}

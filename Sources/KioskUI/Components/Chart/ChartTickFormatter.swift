import FoundationEssentials
import FoundationInternationalization

/// Tick labels in the environment's locale. One format is kept per locale and digit count, and the
/// labels of the last ticks are reused while they stay the same.
@MainActor
final class ChartTickFormatter {
    private var format: FloatingPointFormatStyle<Double>?
    private var key: (locale: String, digits: Int)?
    private var lastTicks: [Double] = []
    private var lastLabels: [String] = []

    func labels(for ticks: [Double], fractionDigits: Int, locale: String) -> [String] {
        if let key, key.locale == locale, key.digits == fractionDigits, ticks == lastTicks { return lastLabels }
        let format = format(locale: locale, digits: fractionDigits)
        lastTicks = ticks
        lastLabels = ticks.map { format.format($0 == 0 ? 0 : $0) }
        return lastLabels
    }

    /// Exactly `digits` fraction digits, halves to even: ticks are round numbers already, so the
    /// rule only matters for a step finer than the digits shown.
    private func format(locale: String, digits: Int) -> FloatingPointFormatStyle<Double> {
        if let format, let key, key.locale == locale, key.digits == digits { return format }
        let made = FloatingPointFormatStyle<Double>(locale: Locale(identifier: locale))
            .precision(.fractionLength(digits)).rounded(rule: .toNearestOrEven)
        format = made
        key = (locale, digits)
        return made
    }
}

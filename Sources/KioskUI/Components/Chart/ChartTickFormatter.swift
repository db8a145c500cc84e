import Foundation

/// Tick labels in the environment's locale. A NumberFormatter is costly to make, so one is kept
/// per locale and digit count, and the labels of the last ticks are reused while they stay the same.
@MainActor
final class ChartTickFormatter {
    private var formatter: NumberFormatter?
    private var key: (locale: String, digits: Int)?
    private var lastTicks: [Double] = []
    private var lastLabels: [String] = []

    func labels(for ticks: [Double], fractionDigits: Int, locale: String) -> [String] {
        if let key, key.locale == locale, key.digits == fractionDigits, ticks == lastTicks { return lastLabels }
        let formatter = formatter(locale: locale, digits: fractionDigits)
        lastTicks = ticks
        lastLabels = ticks.map { formatter.string(from: NSNumber(value: $0 == 0 ? 0 : $0)) ?? "\($0)" }
        return lastLabels
    }

    private func formatter(locale: String, digits: Int) -> NumberFormatter {
        if let formatter, let key, key.locale == locale, key.digits == digits { return formatter }
        let made = NumberFormatter()
        made.locale = Locale(identifier: locale)
        made.numberStyle = .decimal
        made.minimumFractionDigits = digits
        made.maximumFractionDigits = digits
        formatter = made
        key = (locale, digits)
        return made
    }
}

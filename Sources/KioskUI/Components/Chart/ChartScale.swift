import FoundationEssentials
import Glibc

/// The value axis: the range shown and its ticks at "nice" steps (1, 2, 2.5 or 5 times a power of ten).
/// An automatic range is widened to whole steps, so it changes only when data crosses a tick, and
/// appending a point usually leaves the axis (and its labels) as they were.
struct ChartScale: Equatable {
    let lower: Double
    let upper: Double
    let step: Double

    static let targetTickCount = 4.0

    init(minimum: Double?, maximum: Double?, data: (min: Double, max: Double)?) {
        var low = minimum ?? data?.min ?? 0
        var high = maximum ?? data?.max ?? 1
        if minimum == nil, maximum == nil, data == nil { low = 0; high = 1 }
        if high < low { swap(&low, &high) }
        if high == low {
            low -= minimum == nil ? 1 : 0
            high += maximum == nil || minimum != nil ? 1 : 0
        }
        let step = Self.niceStep(for: (high - low) / Self.targetTickCount)
        lower = minimum ?? (low / step).rounded(.down) * step
        upper = maximum ?? (high / step).rounded(.up) * step
        self.step = step
    }

    static func niceStep(for raw: Double) -> Double {
        guard raw.isFinite, raw > 0 else { return 1 }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        for factor in [1.0, 2, 2.5, 5, 10] where factor * magnitude >= raw * (1 - 1e-9) {
            return factor * magnitude
        }
        return 10 * magnitude
    }

    /// The tick values inside the range, lowest first.
    var ticks: [Double] {
        guard step > 0, upper > lower else { return [lower] }
        var result: [Double] = []
        var index = (lower / step).rounded(.up)
        while index * step <= upper + step * 1e-9, result.count < 32 {
            result.append(index * step)
            index += 1
        }
        return result
    }

    /// Digits after the decimal point that show every tick exactly.
    var fractionDigits: Int {
        guard step < 1 else { return 0 }
        return min(6, Int((-log10(step)).rounded(.up)) + (step * pow(10, (-log10(step)).rounded(.up)) == 2.5 ? 1 : 0))
    }

    /// Where a value falls, 0 at `lower` and 1 at `upper`.
    func fraction(of value: Double) -> Double {
        upper > lower ? (value - lower) / (upper - lower) : 0.5
    }
}

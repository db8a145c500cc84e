import FoundationEssentials
import Synchronization
import _FoundationICU

/// A regular expression in ICU's syntax, compiled once, with a bound on the work one search may
/// take: text patterns of fields and `matches(text, regex)` in formulas.
///
/// A search runs on the thread that asks, often the one that paints. A pattern that backtracks
/// without end on some texts, `(a+)+b` on thirty `a`s and a `c`, would hold that thread for
/// minutes. ICU calls back every few thousand backtracking steps while it matches; a search that
/// needs more than `progressLimit` calls is stopped, and neither found nor not found.
///
/// ICU's own C interface is used (the one Foundation's ICU formatters are built on): the kiosk
/// does not link Foundation's Objective-C layer, whose start-up cost every kiosk would pay.
public final class BoundedRegularExpression: @unchecked Sendable {
    /// What one search found.
    public enum Outcome: Sendable, Equatable {
        case found
        case notFound
        /// The search took more steps than a frame can spare.
        case tooManySteps
    }

    /// About a million backtracking steps: a few milliseconds for any pattern a form needs.
    public static let progressLimit = 100

    /// An ICU expression holds the text it searches: searches take turns.
    private let expression: Mutex<OpaquePointer>

    /// Compiles `pattern`, or returns nil when ICU does not read it as a regular expression.
    public init?(_ pattern: String) {
        // ICU refuses an empty pattern; the empty group is the same expression.
        let units = Array((pattern.isEmpty ? "(?:)" : pattern).utf16)
        var status = U_ZERO_ERROR
        var parseError = UParseError()
        let compiled = units.withUnsafeBufferPointer {
            swift_uregex_open($0.baseAddress, Int32($0.count), 0, &parseError, &status)
        }
        guard let compiled else { return nil }
        guard status.rawValue <= U_ZERO_ERROR.rawValue else {
            swift_uregex_close(compiled)
            return nil
        }
        expression = Mutex(compiled)
    }

    deinit {
        expression.withLock { swift_uregex_close($0) }
    }

    /// Whether the expression matches anywhere in `text`.
    public func search(_ text: String) -> Outcome {
        let units = Array(text.utf16)
        return expression.withLock { expression in
            var status = U_ZERO_ERROR
            var budget = StepBudget(limit: Self.progressLimit)
            let found = units.withUnsafeBufferPointer { text in
                withUnsafeMutablePointer(to: &budget) { budget in
                    // ICU wants a text even when it is empty; a length of 0 makes it so.
                    let start = text.baseAddress ?? Self.emptyText
                    swift_uregex_setText(expression, start, Int32(text.count), &status)
                    swift_uregex_setMatchCallback(expression, { context, _ in
                        let budget = UnsafeMutableRawPointer(mutating: context!).assumingMemoryBound(to: StepBudget.self)
                        budget.pointee.calls += 1
                        return budget.pointee.calls <= budget.pointee.limit ? 1 : 0
                    }, budget, &status)
                    let found = swift_uregex_find(expression, 0, &status) != 0
                    // Leave no pointer to this text, or to the budget, behind in the expression.
                    swift_uregex_setMatchCallback(expression, nil, nil, &status)
                    var ignored = U_ZERO_ERROR
                    swift_uregex_setText(expression, Self.emptyText, 0, &ignored)
                    return found
                }
            }
            if found { return .found }
            return budget.calls > budget.limit ? .tooManySteps : .notFound
        }
    }

    private struct StepBudget {
        var calls = 0
        let limit: Int
    }

    nonisolated(unsafe) private static let emptyText: UnsafePointer<UInt16> = {
        let text = UnsafeMutablePointer<UInt16>.allocate(capacity: 1)
        text.initialize(to: 0)
        return UnsafePointer(text)
    }()
}

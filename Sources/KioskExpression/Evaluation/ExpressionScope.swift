import FoundationEssentials
import Glibc

/// Where an evaluation reads names, and its locale.
public protocol ExpressionScope {
    /// `name` alone (`now`, `panel`, `$value`, `state`) or `name.member` (`hours.value`,
    /// `state.hours`, `weather.temp`): the evaluator asks `(name, member)` first for a member
    /// access on a root name, then `(name, nil)` and reads the member from a record.
    /// nil: not known now (a runtime error "no value for 'weather.temp'").
    func value(of name: String, member: String?) -> ExpressionValue?
    /// BCP-47 locale for number/percent/currency/date/time/duration (`es`, `de-DE`, `ar`).
    var locale: String { get }
    /// The time zone for date/time/hour (default: current).
    var timeZone: TimeZone { get }
}

extension ExpressionScope {
    public var timeZone: TimeZone { .current }
}

import FoundationEssentials
import Glibc
import KioskConfig
import KioskExpression

/// Where a formula of the running kiosk reads its names, in this order:
/// - `$value`: the value of the event whose actions run (actions only);
/// - `now`, `panel`, `locale`, `appearance`, and `state` (`state.NAME`);
/// - a data source by name: `weather` is its value, `weather.temp` a field of it, and
///   `weather.stale`, `weather.updated`, `weather.error` and `weather.value` the source's own
///   (a field called `error` in the payload is `weather.value.error`);
/// - a widget by id: `hours.value`, `plate.valid`, as the widget has it now (a bound property's
///   bound value). A widget on a panel not built yet reads as its config writes it.
struct LiveScope: ExpressionScope {
    unowned let host: PanelHost
    var eventValue: PropertyValue?

    var locale: String { host.live.locale }
    var timeZone: TimeZone { host.live.clock.timeZone }

    func value(of name: String, member: String?) -> ExpressionValue? {
        let live = host.live
        switch name {
        case "$value":
            return member == nil ? eventValue.map(host.expressionValue) : nil
        case "now": return member == nil ? .number(live.now) : nil
        case "panel": return member == nil ? .text(live.panel) : nil
        case "locale": return member == nil ? .text(live.locale) : nil
        case "appearance": return member == nil ? .text(live.appearance.rawValue) : nil
        case "state":
            guard let member else { return .record(live.state) }
            return live.state[member]
        default:
            if let source = live.sources[name] { return Self.value(of: source, member: member) }
            guard let member else { return nil }
            return host.liveValue(of: member, widget: name).map(host.expressionValue)
        }
    }

    private static func value(of source: SourceValue, member: String?) -> ExpressionValue? {
        switch member {
        case nil, "value": source.value
        case "stale": .bool(source.stale)
        case "updated": source.updated.map(ExpressionValue.number) ?? .null
        case "error": source.error.map(ExpressionValue.text) ?? .null
        case let field?:
            if case .record(let fields) = source.value { fields[field] } else { nil }
        }
    }
}

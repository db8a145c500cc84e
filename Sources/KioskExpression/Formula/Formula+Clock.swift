extension Formula {
    /// How often `now` must tick for this formula: nil when `now` is not read; `.minute` when `now`
    /// is read only as `time(now, 'short')`, `hour(now)` or `minute(now)`; `.day` only for
    /// `date(now, …)` and `weekday(now)`; `.second` otherwise (any other use of `now`, `now + 60`
    /// included). For a template, the finest of its parts.
    public var clock: ClockGranularity? {
        rootNodes.compactMap(Self.clock(of:)).min()
    }

    private static func clock(of node: SyntaxNode) -> ClockGranularity? {
        switch node.kind {
        case .name("now"):
            return .second
        case .call(let function, _, let arguments):
            if let first = arguments.first, case .name("now") = first.kind,
               let granularity = clock(whenNowIsReadBy: function, style: arguments.dropFirst().first) {
                return arguments.dropFirst().compactMap(clock(of:)).reduce(granularity, min)
            }
            return arguments.compactMap(clock(of:)).min()
        default:
            return node.kind.children.compactMap(clock(of:)).min()
        }
    }

    /// How often the result of `function(now, style)` changes; nil when it is not a clock function.
    private static func clock(whenNowIsReadBy function: String, style: SyntaxNode?) -> ClockGranularity? {
        var styleName: String?
        if let style {
            guard case .literal(.text(let name)) = style.kind else { return .second }
            styleName = name
        }
        switch function {
        case "time": return styleName == nil || styleName == "short" ? .minute : .second
        case "hour", "minute": return .minute
        case "date", "weekday": return .day
        default: return nil
        }
    }
}

import KioskExpression
import KioskGraphics

/// The timer ids a file declares and the ones its `cancel` actions name: a timer may be declared
/// below the action that cancels it, so the names are checked once everything is read.
nonisolated struct TimerNames {
    var declared: Set<String> = []
    var cancelled: [(id: String, location: SourceLocation)] = []
    /// How many timers' `do` the decoder is inside: `$value` is looked for from the outermost only,
    /// so that a nested timer does not report it twice.
    var depth = 0
}

/// `after`, `every` and `cancel` actions, and a panel's `timers:`.
nonisolated extension DecodingContext {
    /// `after: {delay: 10s, do: [...], id: name}` (`id` optional).
    func after(_ node: YAMLNode) -> ActionSpec? {
        guard let parts = timerParts(node, action: "after", timeKey: "delay") else { return nil }
        return .after(id: parts.id, delay: parts.seconds, actions: parts.actions)
    }

    /// `every: {interval: 1s, do: [...], id: name}` (`id` optional).
    func every(_ node: YAMLNode) -> ActionSpec? {
        guard let parts = timerParts(node, action: "every", timeKey: "interval") else { return nil }
        return .every(id: parts.id, interval: parts.seconds, actions: parts.actions)
    }

    /// `cancel: name`, checked against every timer id of the file at the end.
    func cancel(_ node: YAMLNode) -> ActionSpec? {
        guard let id = timerID(node, named: "cancel") else { return nil }
        timerNames.cancelled.append((id, node.location))
        return .cancel(id)
    }

    /// A panel's `timers:` — one timer or a list of `{id?, after: 10s, do: [...]}` or
    /// `{id?, every: 1s, do: [...]}`.
    func panelTimers(_ node: YAMLNode, panel: String) -> [TimerSpec] {
        var ids: Set<String> = []
        return (node.sequence ?? [node]).compactMap { item -> TimerSpec? in
            guard let timer = panelTimer(item) else { return nil }
            if let id = timer.id, !ids.insert(id).inserted {
                report(at: (item["id"] ?? item).location, "duplicate timer id '\(id)' in panel '\(panel)'",
                       expected: "one timer of each id in a panel (the second would replace the first as it starts)")
                return nil
            }
            return timer
        }
    }

    /// Reports each `cancel` whose id no `after`, `every` or panel timer declares.
    func checkTimerCancellations() {
        let declared = timerNames.declared
        for reference in timerNames.cancelled where !declared.contains(reference.id) {
            report(at: reference.location, "unknown timer '\(reference.id)' for 'cancel'",
                   expected: "the id of an 'after' or 'every' action or of a panel timer"
                       + (declared.isEmpty ? " (none has an id)" : ""),
                   suggestion: NameSuggestion.closest(to: reference.id, among: declared))
        }
    }

    private func panelTimer(_ node: YAMLNode) -> TimerSpec? {
        guard let entries = mapping(node, describing: "a panel timer") else { return nil }
        rejectUnknownKeys(in: entries, known: ["id", "after", "every", "do"], describing: "a panel timer")
        let schedule: TimerSpec.Schedule
        switch (node["after"], node["every"]) {
        case (let delayNode?, nil):
            guard let delay = delay(delayNode, named: "after") else { return nil }
            schedule = .after(delay)
        case (nil, let intervalNode?):
            guard let interval = interval(intervalNode, named: "every") else { return nil }
            schedule = .every(interval)
        case (_?, _?):
            report(at: node.location, "a panel timer has both 'after' and 'every'", expected: "one of them")
            return nil
        case (nil, nil):
            report(at: node.location, "a panel timer needs 'after' or 'every'",
                   expected: "after: 10s (once) or every: 1s (repeatedly), and do: [actions]")
            return nil
        }
        let id = node["id"].flatMap { timerID($0, named: "id") }
        guard let actions = timerActions(node, describing: "a panel timer") else { return nil }
        if let id { timerNames.declared.insert(id) }
        return TimerSpec(id: id, schedule: schedule, actions: actions)
    }

    private func timerParts(_ node: YAMLNode, action: String, timeKey: String)
        -> (id: String?, seconds: Double, actions: [ActionSpec])? {
        guard let entries = mapping(node, describing: "'\(action)'") else { return nil }
        rejectUnknownKeys(in: entries, known: [timeKey, "do", "id"], describing: "'\(action)'")
        guard let timeNode = node[timeKey] else {
            report(at: node.location, "'\(action)' needs a '\(timeKey)'",
                   expected: timeKey == "delay" ? "a duration such as 10s" : "a duration such as 1s")
            return nil
        }
        let name = "\(action).\(timeKey)"
        let seconds = timeKey == "delay" ? delay(timeNode, named: name) : interval(timeNode, named: name)
        let id = node["id"].flatMap { timerID($0, named: "\(action).id") }
        guard let actions = timerActions(node, describing: "'\(action)'"), let seconds else { return nil }
        if let id { timerNames.declared.insert(id) }
        return (id, seconds, actions)
    }

    /// The `do:` of a timer. A timer is not an event: `$value` has nothing to stand for there.
    private func timerActions(_ node: YAMLNode, describing what: String) -> [ActionSpec]? {
        guard let doNode = node["do"] else {
            report(at: node.location, "\(what) needs 'do'", expected: "the actions to run, such as do: {goto: start}")
            return nil
        }
        if timerNames.depth == 0 {
            for location in eventValueLocations(in: doNode) {
                report(at: location, "'$value' in a timer's actions",
                       expected: "a literal value: a timer is not an event and carries no value")
            }
        }
        timerNames.depth += 1
        defer { timerNames.depth -= 1 }
        let errorsBefore = errors.filter { $0.severity == .error }.count
        let actions = actions(doNode)
        return errors.filter { $0.severity == .error }.count == errorsBefore ? actions : nil
    }

    /// A delay: a duration of 0 or more, within `PropertyLimits.duration`.
    private func delay(_ node: YAMLNode, named name: String) -> Double? {
        if isNegativeDuration(node) {
            report(at: node.location, "negative delay for '\(name)'", expected: "0s or more, such as 10s or 500ms",
                   found: node.summary)
            return nil
        }
        return value(of: node, as: .duration, named: name)?.number
    }

    /// An interval: a duration of at least `TimerLimits.minimumInterval`.
    private func interval(_ node: YAMLNode, named name: String) -> Double? {
        let expected = "at least \(TimerLimits.minimumInterval.compact)s (\(Int(TimerLimits.minimumInterval * 1000))ms), "
            + "such as 1s"
        if isNegativeDuration(node) {
            report(at: node.location, "negative interval for '\(name)'", expected: expected, found: node.summary)
            return nil
        }
        guard let seconds = value(of: node, as: .duration, named: name)?.number else { return nil }
        guard seconds >= TimerLimits.minimumInterval else {
            report(at: node.location, "interval too short for '\(name)'",
                   expected: expected + "; a shorter one would keep the kiosk busy", found: node.summary)
            return nil
        }
        return seconds
    }

    private func isNegativeDuration(_ node: YAMLNode) -> Bool {
        guard let text = node.scalar?.text.trimmingWhitespace(), text.hasPrefix("-") else { return false }
        let magnitude = YAMLNode(.scalar(.init(text: String(text.dropFirst()), isPlain: true)), at: node.location)
        return ScalarReading.duration(magnitude) != nil
    }

    private func timerID(_ node: YAMLNode, named name: String) -> String? {
        guard let id = node.scalar?.text, !node.isNull, !id.isEmpty else {
            report(at: node.location, "invalid value for '\(name)'", expected: "a timer id such as return_home",
                   found: node.summary)
            return nil
        }
        return id
    }

    /// Where `$value` is written anywhere under `node`.
    private func eventValueLocations(in node: YAMLNode) -> [SourceLocation] {
        if let scalar = node.scalar { return scalar.text == "$value" ? [node.location] : [] }
        if let items = node.sequence { return items.flatMap(eventValueLocations) }
        return (node.mapping ?? []).flatMap { eventValueLocations(in: $0.value) }
    }
}

/// `on_show` navigation that would never end: panels whose `on_show` show each other (directly, or
/// through `back`), found by walking the config the way the kiosk would run it.
nonisolated extension DecodingContext {
    func checkOnShowNavigation(of panels: [PanelSpec], start: String) {
        let walk = OnShowWalk(panels: panels)
        // The start panel is shown with nothing to go back to; any other panel may be reached by a tap.
        let entries = [(start, false)] + panels.map { ($0.id, true) }
        // A walk entering a loop or a chain already reported would report it again from another place.
        var reported: Set<String> = []
        for (panel, cameFromElsewhere) in entries where !reported.contains(panel) {
            guard let steps = walk.runaway(entering: panel, cameFromElsewhere: cameFromElsewhere) else { continue }
            if let error = runawayError(entering: panel, steps: steps) { report(error) }
            reported.insert(panel)
            reported.formUnion(steps.map(\.panel))
        }
    }

    private func location(of step: OnShowWalk.Step) -> SourceLocation? {
        guard let locations = onShowLocations[step.causeOnShowOf], locations.indices.contains(step.causePosition) else {
            return nil
        }
        return locations[step.causePosition]
    }

    /// The loop named from the action written first in it, so that every walk that runs into the
    /// same loop reports the same error (reported once).
    private func runawayError(entering panel: String, steps: [OnShowWalk.Step]) -> ConfigError? {
        let trail = [panel] + steps.map(\.panel)
        for end in trail.indices {
            guard let begin = trail[..<end].firstIndex(of: trail[end]) else { continue }
            let length = end - begin
            // steps[k] shows trail[k + 1]: the loop's steps are begin..<end.
            guard let first = (begin..<end).min(by: { a, b in
                (location(of: steps[a]).map { ($0.line, $0.column) } ?? (Int.max, 0))
                    < (location(of: steps[b]).map { ($0.line, $0.column) } ?? (Int.max, 0))
            }), let site = location(of: steps[first]) else { return nil }
            let names = (0...length).map { trail[begin + (first - begin + $0) % length] }
            return ConfigError(at: site, "on_show navigation never ends: " + names.joined(separator: " → "),
                               expected: "on_show actions that do not lead back to a panel they came from "
                                   + "(navigate from a widget's on_tap instead)")
        }
        guard let firstStep = steps.first, let site = location(of: firstStep) else { return nil }
        let limit = NavigationLimits.maximumNestedNavigations
        return ConfigError(at: site, "on_show navigation goes on for more than \(limit) panel changes: "
                               + trail.joined(separator: " → "),
                           expected: "at most \(limit) panel changes in a row set off by on_show")
    }
}

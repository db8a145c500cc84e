/// What showing one panel sets off through `on_show` alone: the panels shown in turn, run the way
/// `PanelHost` runs them (the same `ActionQueue`, the same limit), but with panel ids instead of
/// views. `kiosk check` walks from every panel to find navigation that would never end.
nonisolated struct OnShowWalk {
    /// A panel shown, and the `on_show` action that showed it.
    struct Step: Equatable {
        var panel: String
        var causeOnShowOf: String
        var causePosition: Int
    }

    let onShow: [String: [ActionSpec]]

    init(panels: [PanelSpec]) {
        var onShow: [String: [ActionSpec]] = [:]
        for panel in panels where onShow[panel.id] == nil { onShow[panel.id] = panel.onShow }
        self.onShow = onShow
    }

    /// The panels shown after `panel` appears, when they go past the runtime's limit; nil when
    /// navigation stops by itself. `cameFromElsewhere` puts an unknown panel under it (it was
    /// reached by a tap), which `back` returns to without running anything.
    func runaway(entering panel: String, cameFromElsewhere: Bool) -> [Step]? {
        var queue = ActionQueue()
        // nil stands for the panel outside this walk.
        var current: String? = panel
        var backStack: [String?] = cameFromElsewhere ? [nil] : []
        var steps: [Step] = []
        queue.push(onShow[panel] ?? [], navigationDepth: 1, onShowOf: panel)
        while let item = queue.next() {
            let target: String?
            switch item.action {
            case .goto(let destination, _):
                guard destination != current, onShow[destination] != nil else { continue }
                target = destination
            case .back:
                guard !backStack.isEmpty else { continue }
                target = nil
            default:
                continue
            }
            let shown = target ?? backStack.last!
            let step = shown.flatMap { panel in
                item.onShowOf.map { Step(panel: panel, causeOnShowOf: $0, causePosition: item.position) }
            }
            // The change the kiosk would refuse ends the list: it shows where the loop closes.
            if item.navigationDepth > NavigationLimits.maximumNestedNavigations { return steps + (step.map { [$0] } ?? []) }
            if target != nil { backStack.append(current) } else { backStack.removeLast() }
            current = shown
            guard let step, let shown else { continue }
            steps.append(step)
            queue.push(onShow[shown] ?? [], navigationDepth: item.navigationDepth + 1, onShowOf: shown)
        }
        return nil
    }
}

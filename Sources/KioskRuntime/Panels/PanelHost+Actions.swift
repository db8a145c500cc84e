import KioskConfig
import KioskGraphics

extension PanelHost {
    /// An event from a widget (`tap`, `change`, `commit`, `submit`, `long_press`) with the value it
    /// carries; runs the widget's `on_<event>` actions. Controls call this through the
    /// `WidgetEvents` their adapter received; the control socket and scripts may call it by id.
    public func handle(event: String, from widgetID: String, value: PropertyValue? = nil) {
        guard let node = node(forWidget: widgetID) else {
            log("event '\(event)' from unknown widget '\(widgetID)'")
            return
        }
        handle(event: event, from: node, value: value)
    }

    func handle(event: String, from node: WidgetNode, value: PropertyValue?) {
        onWidgetEvent?(event, node.spec.id, value)
        run(node.spec.actions[event] ?? [], eventValue: value)
    }

    /// Runs actions in order; `$value` stands for `eventValue`.
    public func run(_ actions: [ActionSpec], eventValue: PropertyValue? = nil) {
        runActions { pendingActions.push(actions, eventValue: eventValue, navigationDepth: currentNavigationDepth) }
    }

    /// Does `start` (which queues actions or shows a panel), then runs everything queued, in a loop.
    /// Called again while the loop runs (an action whose effect reports an event), it only queues:
    /// the running loop picks the new actions up next, as a call would have run them.
    func runActions(_ start: () -> Void) {
        guard !isRunningActions else {
            start()
            return
        }
        isRunningActions = true
        defer {
            isRunningActions = false
            currentNavigationDepth = 0
        }
        recentlyShown = [currentPanelID]
        start()
        while let item = pendingActions.next() {
            currentNavigationDepth = item.navigationDepth
            run(item.action, eventValue: item.eventValue, navigationDepth: item.navigationDepth)
        }
    }

    private func run(_ action: ActionSpec, eventValue: PropertyValue?, navigationDepth: Int) {
        switch action {
        case .goto(let panel, let transition): navigate(to: panel, transition: transition, navigationDepth: navigationDepth)
        case .back: navigateBack(transition: .slide, navigationDepth: navigationDepth)
        case .set(let assignments): for assignment in assignments { set(assignment, eventValue: eventValue) }
        case .alert(let spec): presentAlert(spec)
        case .emit(let name, let value): emit(EmittedEvent(name: name, value: value.flatMap { resolve($0, eventValue) }))
        case .setLocale(let locale): setLocale(locale)
        case .setAppearance(let change): setAppearance(change)
        }
    }

    private func resolve(_ value: ActionValue, _ eventValue: PropertyValue?) -> PropertyValue? {
        switch value {
        case .literal(let literal): reconciler.resolver.resolve(literal)
        case .eventValue: eventValue
        }
    }

    private func set(_ assignment: Assignment, eventValue: PropertyValue?) {
        guard let node = node(forWidget: assignment.widgetID) else {
            log("set: no widget '\(assignment.widgetID)'")
            return
        }
        guard let raw = resolve(assignment.value, eventValue) else {
            log("set \(assignment.widgetID).\(assignment.property): the event carries no value")
            return
        }
        let type = reconciler.adapters.registry.schema(for: node.type)?.property(named: assignment.property)?.type
        guard let value = type.map({ PropertyCoercion.coerce(raw, to: $0) }) ?? raw else {
            log("set \(assignment.widgetID).\(assignment.property): \(PropertyValueFormatter.format(raw)) does not fit the property")
            return
        }
        reconciler.set(assignment.property, to: value, on: node)
    }

    func emit(_ event: EmittedEvent) {
        emittedEvents.append(event)
        onEmit?(event)
    }

    private func presentAlert(_ spec: AlertSpec) {
        let request = AlertRequest(
            title: reconciler.resolver.resolve(spec.title),
            message: spec.message.map(reconciler.resolver.resolve),
            buttons: spec.buttons.map { AlertRequest.Button(title: reconciler.resolver.resolve($0.title), actions: $0.actions) })
        pendingAlerts.append(request)
        presentAlert?(request)
    }

    /// The newest alert's button `buttonIndex` was tapped: the alert goes and the button's actions run.
    public func respondToAlert(buttonIndex: Int) {
        guard let alert = pendingAlerts.popLast(), alert.buttons.indices.contains(buttonIndex) else { return }
        run(alert.buttons[buttonIndex].actions)
    }
}

/// An event's value given to a property of another type (`set: {status.text: $value}` from a slider).
enum PropertyCoercion {
    static func coerce(_ value: PropertyValue, to type: PropertyType) -> PropertyValue? {
        switch (type, value) {
        case (.text, .text), (.number, .number), (.integer, .integer), (.bool, .bool), (.color, .color): return value
        case (.text, _): return .text(.literal(value.string ?? PropertyValueFormatter.format(value)))
        case (.string, _): return .string(value.string ?? PropertyValueFormatter.format(value))
        case (.number(let range), _):
            guard let number = value.number ?? value.string.flatMap(Double.init) else { return nil }
            return .number(range.map { min(max(number, $0.lowerBound), $0.upperBound) } ?? number)
        case (.integer, _):
            guard let number = value.number ?? value.string.flatMap(Double.init) else { return nil }
            return .integer(Int(number.rounded()))
        case (.bool, .string(let text)), (.bool, .text(.literal(let text))):
            return ["true", "yes", "on"].contains(text.lowercased()) ? .bool(true)
                : ["false", "no", "off"].contains(text.lowercased()) ? .bool(false) : nil
        case (.choice(let words), _):
            guard let word = value.string, words.contains(word) else { return nil }
            return .choice(word)
        default:
            return value
        }
    }
}

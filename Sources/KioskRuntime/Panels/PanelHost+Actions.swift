import FoundationEssentials
import Glibc
import KioskExpression
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
        bindings.widgetDidReport(node)
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
        case .alert(let spec): presentAlert(spec, eventValue: eventValue)
        case .emit(let name, let value):
            emit(EmittedEvent(name: name, value: value.flatMap { resolve($0, eventValue, in: "emit \(name)") }))
        case .setLocale(let locale): setLocale(locale)
        case .setAppearance(let change): setAppearance(change)
        case .when(let condition, let then, let otherwise):
            runCondition(condition, then: then, otherwise: otherwise, eventValue: eventValue, navigationDepth: navigationDepth)
        case .after(let id, let delay, let actions): startTimer(id: id, schedule: .after(delay), actions: actions)
        case .every(let id, let interval, let actions): startTimer(id: id, schedule: .every(interval), actions: actions)
        case .cancel(let id): cancelTimer(id)
        case .wake: if let screenControl { screenControl.wake() } else { log("wake: this kiosk has no idle control") }
        case .sleep: if let screenControl { screenControl.sleep() } else { log("sleep: this kiosk has no idle control") }
        }
    }

    /// A formula that fails is logged (as part of `action`) and gives nil.
    private func resolve(_ value: ActionValue, _ eventValue: PropertyValue?, in action: String) -> PropertyValue? {
        switch value {
        case .literal(let literal): reconciler.resolver.resolve(literal)
        case .eventValue: eventValue
        case .formula(let spec): actionValue(spec, eventValue: eventValue, in: action)
        }
    }

    /// A literal was checked against its property when the config was read. An event's value is
    /// converted to the property's kind and held within its range: a value outside it is clamped
    /// and logged, once per widget property, so that a slider dragged past a limit does not flood
    /// the log.
    private func set(_ assignment: Assignment, eventValue: PropertyValue?) {
        if case .state(let name) = assignment.target {
            setState(name, to: assignment.value, eventValue: eventValue)
            return
        }
        guard let node = node(forWidget: assignment.widgetID) else {
            log("set: no widget '\(assignment.widgetID)'")
            return
        }
        let target = "\(assignment.widgetID).\(assignment.property)"
        guard let raw = resolve(assignment.value, eventValue, in: "set \(target)") else {
            if case .eventValue = assignment.value { log("set \(target): the event carries no value") }
            return
        }
        guard let type = reconciler.adapters.registry.schema(for: node.type)?.property(named: assignment.property)?.type else {
            reconciler.set(assignment.property, to: raw, on: node)
            bindings.propertyWasSet(assignment.property, on: node)
            return
        }
        guard let fitted = PropertyCoercion.coerce(raw, to: type) else {
            log("set \(target): \(PropertyValueFormatter.format(raw)) does not fit the property: expected \(type.expectation)")
            return
        }
        if fitted.wasClamped, clampedTargets.insert(target).inserted {
            log("set \(target): \(PropertyValueFormatter.format(raw)) is outside the property's range (expected \(type.expectation)); "
                + "clamped to \(PropertyValueFormatter.format(fitted.value)) (logged once)")
        }
        reconciler.set(assignment.property, to: fitted.value, on: node)
        bindings.propertyWasSet(assignment.property, on: node)
    }

    func emit(_ event: EmittedEvent) {
        emittedEvents.append(event)
        onEmit?(event)
    }

    /// The alert keeps the value of the event that opened it: `$value` in a button's actions is that value.
    private func presentAlert(_ spec: AlertSpec, eventValue: PropertyValue?) {
        let request = AlertRequest(
            title: reconciler.resolver.resolve(spec.title),
            message: spec.message.map(reconciler.resolver.resolve),
            buttons: spec.buttons.map { AlertRequest.Button(title: reconciler.resolver.resolve($0.title), actions: $0.actions) },
            eventValue: eventValue, titleFont: spec.titleFont, messageFont: spec.messageFont, buttonFont: spec.buttonFont)
        pendingAlerts.append(request)
        presentAlert?(request)
    }

    /// The newest alert's button `buttonIndex` was tapped: the alert goes and the button's actions run.
    public func respondToAlert(buttonIndex: Int) {
        guard let alert = pendingAlerts.popLast(), alert.buttons.indices.contains(buttonIndex) else { return }
        run(alert.buttons[buttonIndex].actions, eventValue: alert.eventValue)
    }
}

/// An event's value given to a property, perhaps of another kind (`set: {status.text: $value}`
/// from a slider): converted to the property's kind, then held within its range.
enum PropertyCoercion {
    static func coerce(_ value: PropertyValue, to type: PropertyType) -> ClampedValue? {
        converted(value, to: type).flatMap(type.clamping)
    }

    private static func converted(_ value: PropertyValue, to type: PropertyType) -> PropertyValue? {
        switch (type, value) {
        case (.text, .text): return value
        case (.text, _): return .text(.literal(value.string ?? PropertyValueFormatter.format(value)))
        case (.string, _), (.icon, _): return .string(value.string ?? PropertyValueFormatter.format(value))
        case (.number, _), (.integer, _), (.duration, _):
            return (value.number ?? value.string.flatMap { Double($0.trimmingWhitespace()) }).map(PropertyValue.number)
        case (.bool, .bool): return value
        case (.bool, _):
            return value.string.flatMap(BoolSpelling.value).map(PropertyValue.bool)
        case (.choice, _):
            return value.string.map(PropertyValue.choice)
        case (.color, .color): return value
        case (.color, _):
            return value.string.flatMap(Color.init(parsing:)).map(PropertyValue.color)
        // Inside a list or a record each value is converted as its own type is, as at the top.
        case (.list(let element), .list(let items)):
            var converted: [PropertyValue] = []
            for item in items {
                guard let one = Self.converted(item, to: element) else { return nil }
                converted.append(one)
            }
            return .list(converted)
        case (.record(let fields), .record(let values)):
            var converted = values
            for field in fields {
                guard let one = values[field.name] else { continue }
                guard let fitted = Self.converted(one, to: field.type) else { return nil }
                converted[field.name] = fitted
            }
            return .record(converted)
        default:
            return value
        }
    }
}

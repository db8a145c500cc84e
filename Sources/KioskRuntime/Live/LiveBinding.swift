import KioskConfig
import KioskExpression

/// One bound property of one live widget: its formula, what the formula reads, and what the
/// binding last did.
final class LiveBinding {
    let node: WidgetNode
    /// The panel the widget is on (bindings of the panel shown decide how often `now` ticks).
    let panelID: String
    private(set) var spec: PropertyBinding
    /// The names the formula reads (`hours.value`, `state.total`, `weather`); `now` apart.
    private(set) var inputs: [LiveName] = []
    /// How often `now` must tick for this formula; nil when it does not read `now`.
    private(set) var clock: ClockGranularity?
    /// What this binding writes, for the bindings that read it (with the values derived from it,
    /// `plate.valid` for `plate.text`): none for a widget without an id.
    let outputs: [LiveName]
    /// Position in the evaluation order: after every binding whose output it reads.
    var rank = 0

    /// The value last written to the property, nil before the first evaluation.
    var value: PropertyValue?
    /// A person or a `set` changed the property since the binding last wrote it: the binding
    /// writes again when one of its inputs changes, even to the value it wrote before.
    var isInterrupted = false
    /// A `set` gave the property a value since: that value, not the binding's, is the property's.
    var isOverridden = false
    /// Times evaluated (tests count them).
    var evaluations = 0
    /// When `now` last counted for this binding (wall-clock seconds), for the next tick's decision.
    var evaluatedAt: Double?
    /// The last problem logged, so a failing binding logs once, and again only when it changes.
    var loggedProblem: String?

    init(node: WidgetNode, panelID: String, spec: PropertyBinding) {
        self.node = node
        self.panelID = panelID
        self.spec = spec
        outputs = node.id.map { LiveName.written(spec.property, on: $0, type: node.type) } ?? []
        readReferences()
    }

    var property: String { spec.property }
    var formula: Formula { spec.formula.formula }

    /// A reload kept the binding (same widget, property and formula text): the new spec may place
    /// the formula elsewhere in the file.
    func update(_ spec: PropertyBinding) {
        self.spec = spec
    }

    private func readReferences() {
        inputs = LiveName.inputs(reading: formula.references)
        clock = formula.clock
    }
}

import KioskConfig
import KioskExpression

/// The bindings of every built panel, kept current by dependency tracking, never by polling.
///
/// Each binding knows the names its formula reads; an index maps each name to the bindings that
/// read it. A change (a widget's event, a `set`, a state or source value, the panel, the locale,
/// the appearance, a tick of `now`, another binding's new value) marks exactly those bindings
/// dirty and asks the screen for a frame. At that frame, before layout, `evaluateDirty()` runs
/// each dirty binding once, in dependency order (a binding after every binding it reads), and
/// writes a property only when its value changed, so only the views whose properties changed are
/// damaged.
///
/// **Interaction wins until the inputs change again.** A person dragging a bound slider, or a
/// `set` on a bound property, changes the property; the binding leaves it so until one of its own
/// inputs changes, and then writes its value again (even the value it wrote before).
///
/// A formula that fails at run time (division by zero, a missing source field, a value the
/// property cannot take) gives the property its default (`WidgetSpec.properties`); the problem is
/// logged with the file:line:column inside the formula, once per binding, and again only when the
/// message changes.
public final class LiveBindings {
    /// Why a binding is evaluated again.
    enum Reason {
        /// One of its inputs changed: it writes its value even over a person's change.
        case inputs
        /// A reload kept it: it writes only if its value changed.
        case recheck
    }

    private struct Key: Hashable {
        var node: ObjectIdentifier
        var property: String
    }

    private unowned let host: PanelHost
    private var bindings: [Key: LiveBinding] = [:]
    /// Creation order, for a deterministic evaluation order among bindings of the same rank.
    private var serials: [Key: Int] = [:]
    private var nextSerial = 0
    /// Root name → the bindings reading it (with the member they read).
    private var readers: [String: [(name: LiveName, key: Key)]] = [:]
    /// Bindings reading `now`.
    private var clockReaders: Set<Key> = []
    /// Each widget's bindings.
    private var byNode: [ObjectIdentifier: [Key]] = [:]
    /// The widgets with an id on the built panels, for formulas reading them.
    private var widgets: [String: WidgetNode] = [:]
    private var dirty: [Key: Reason] = [:]
    /// The pass under way: bindings marked during it join it.
    private var queue: BindingQueue<Key>?
    /// Output root → the bindings writing a property of a widget with that id.
    private var writers: [String: [Key]] = [:]
    /// The bindings that decide how often `now` ticks: the shown panel's and those they read.
    private var tickingCache: [Key]?
    /// Lists whose rows read names besides their items (`state.selected` to mark the chosen row):
    /// the rows are evaluated again when one changes, as a binding would be.
    private var lists: [ObjectIdentifier: WidgetNode] = [:]
    private var rowReaders: [String: [(name: LiveName, list: ObjectIdentifier)]] = [:]
    private var staleLists: Set<ObjectIdentifier> = []
    /// Whether the evaluation under way wrote a property (`PanelHost.onBoundValuesChange`).
    private var wroteValues = false

    /// Evaluations since the start (tests count them).
    public private(set) var evaluationCount = 0
    /// Told when the finest `now` the shown panel needs may have changed (the ticker re-arms).
    var onClockNeedChange: (() -> Void)?

    init(host: PanelHost) {
        self.host = host
    }

    /// Bindings of the built panels.
    public var count: Int { bindings.count }

    /// Bindings waiting for the next frame.
    public var pendingCount: Int { dirty.count }

    /// How many times the binding of `widget.property` was evaluated.
    public func evaluationCount(widget id: String, property: String) -> Int {
        bindings.values.first { $0.node.id == id && $0.property == property }?.evaluations ?? 0
    }

    // MARK: Building

    /// Brings the bindings in line with the built panels: after a panel is built (`recheck`
    /// false) or after a reload (true). A binding whose widget, property and formula stayed is
    /// kept, with what a person did to its property; with `recheck` it is evaluated again and
    /// writes only if its value changed. New bindings are evaluated at the next frame. A property
    /// no longer bound gets what the config now writes.
    func rebuild(recheck: Bool) {
        var next: [Key: LiveBinding] = [:]
        var alive: Set<ObjectIdentifier> = []
        widgets = [:]
        lists = [:]
        for (panelID, root) in host.builtRoots {
            for node in root.subtree {
                alive.insert(ObjectIdentifier(node))
                if let id = node.id { widgets[id] = node }
                if node.spec.rows != nil { lists[ObjectIdentifier(node)] = node }
                for property in node.spec.bindings.keys.sorted() {
                    let spec = node.spec.bindings[property]!
                    let key = Key(node: ObjectIdentifier(node), property: property)
                    if let kept = bindings[key], kept.formula.text == spec.formula.text, kept.spec.type == spec.type {
                        kept.update(spec)
                        next[key] = kept
                        if recheck { mark(key, .recheck) }
                    } else {
                        next[key] = LiveBinding(node: node, panelID: panelID, spec: spec)
                        serials[key] = nextSerial
                        nextSerial += 1
                        mark(key, .inputs)
                    }
                }
            }
        }
        for (key, gone) in bindings where next[key] == nil {
            dirty[key] = nil
            serials[key] = nil
            // Still on screen but no longer bound: the property shows what the config writes now.
            if alive.contains(key.node), let written = gone.node.appliedProperties[key.property] {
                host.reconciler.applyBound(written, to: key.property, on: gone.node)
            }
        }
        bindings = next
        staleLists.formIntersection(lists.keys)
        reindex()
        onClockNeedChange?()
    }

    private func reindex() {
        readers = [:]
        clockReaders = []
        byNode = [:]
        tickingCache = nil
        for (key, binding) in bindings {
            byNode[key.node, default: []].append(key)
            for name in binding.inputs { readers[name.root, default: []].append((name, key)) }
            if binding.clock != nil { clockReaders.insert(key) }
        }
        rowReaders = [:]
        for (list, node) in lists {
            for name in LiveName.inputs(reading: node.spec.rows?.outerReferences ?? []) {
                rowReaders[name.root, default: []].append((name, list))
            }
        }
        rank()
    }

    /// Orders bindings so that each comes after every binding whose output it reads. A cycle
    /// (which `kiosk check` refuses) is cut where it closes: its bindings then see each other's
    /// values a frame late, and never loop within a frame.
    private func rank() {
        writers = [:]
        for (key, binding) in bindings {
            if let output = binding.outputs.first { writers[output.root, default: []].append(key) }
        }
        var ranks: [Key: Int] = [:]
        var visiting: Set<Key> = []
        func rank(of key: Key) -> Int {
            if let known = ranks[key] { return known }
            guard visiting.insert(key).inserted, let binding = bindings[key] else { return 0 }
            var result = 0
            for input in binding.inputs {
                for writer in writers[input.root] ?? [] where writer != key {
                    if bindings[writer]?.outputs.contains(where: input.isAffected) == true {
                        result = max(result, rank(of: writer) + 1)
                    }
                }
            }
            visiting.remove(key)
            ranks[key] = result
            return result
        }
        for (key, binding) in bindings { binding.rank = rank(of: key) }
    }

    // MARK: Changes

    /// Something a formula may read changed (`state.hours`, `weather`, `panel`, `hours.value`).
    func inputChanged(_ name: LiveName) {
        for reader in readers[name.root] ?? [] where reader.name.isAffected(by: name) {
            mark(reader.key, .inputs)
        }
        for reader in rowReaders[name.root] ?? [] where reader.name.isAffected(by: name) {
            markRows(of: reader.list)
        }
        if name.root == "locale" {
            // Every formula formats in the locale (`number`, `currency`, `date`) and reads texts
            // translated into it, whether or not it names `locale`.
            for key in bindings.keys { mark(key, .recheck) }
            for list in lists.keys { markRows(of: list) }
        }
        if name.root == "panel" {
            // The panel shown decides how often `now` ticks; its clocks stood still while hidden.
            tickingCache = nil
            for key in clockReaders where bindings[key].map(isShown) == true { mark(key, .inputs) }
            onClockNeedChange?()
        }
    }

    /// A widget reported an event (a person dragged, typed, tapped): its bound properties may no
    /// longer show their bindings' values, and whatever reads the widget is evaluated again.
    func widgetDidReport(_ node: WidgetNode) {
        for key in byNode[ObjectIdentifier(node)] ?? [] { bindings[key]?.isInterrupted = true }
        if let id = node.id { inputChanged(LiveName(id)) }
    }

    /// A `set` (an action, the control socket) gave a property a value: it shows that value until
    /// the binding's inputs change, and what reads it is evaluated again.
    func propertyWasSet(_ property: String, on node: WidgetNode) {
        if let binding = bindings[Key(node: ObjectIdentifier(node), property: property)] {
            binding.isInterrupted = true
            binding.isOverridden = true
        }
        if let id = node.id {
            for name in LiveName.written(property, on: id, type: node.type) { inputChanged(name) }
        }
    }

    /// The wall clock reached `time`: the bindings of the panel shown whose own granularity
    /// boundary has passed since they last read `now` are evaluated again.
    func clockTicked(at time: Double) {
        let zone = host.live.clock.timeZone
        for key in tickingBindings {
            guard let binding = bindings[key], let clock = binding.clock else { continue }
            guard let last = binding.evaluatedAt else {
                mark(key, .inputs)
                continue
            }
            if ClockBoundary.next(after: last, granularity: clock, timeZone: zone) <= time { mark(key, .inputs) }
        }
    }

    /// The finest `now` the panel shown needs (nil: it does not read `now`).
    public var clockGranularity: ClockGranularity? {
        tickingBindings.compactMap { bindings[$0]?.clock }.min()
    }

    /// The bindings of the panel shown, and every binding they read, transitively.
    private var tickingBindings: [Key] {
        if let tickingCache { return tickingCache }
        var result: Set<Key> = []
        var pending = bindings.filter { isShown($0.value) }.map(\.key)
        while let key = pending.popLast() {
            guard result.insert(key).inserted, let binding = bindings[key] else { continue }
            for input in binding.inputs {
                for writer in writers[input.root] ?? [] where !result.contains(writer) {
                    if bindings[writer]?.outputs.contains(where: input.isAffected) == true { pending.append(writer) }
                }
            }
        }
        let ordered = result.sorted { serials[$0, default: 0] < serials[$1, default: 0] }
        tickingCache = ordered
        return ordered
    }

    /// Whether a binding's widget is on screen: on the panel shown, or in the overlay.
    private func isShown(_ binding: LiveBinding) -> Bool {
        binding.panelID == host.currentPanelID || binding.panelID == PanelHost.overlayBindingsID
    }

    private func markRows(of list: ObjectIdentifier) {
        if staleLists.insert(list).inserted { host.screen.requestFrame() }
    }

    private func mark(_ key: Key, _ reason: Reason) {
        if dirty.isEmpty { host.screen.requestFrame() }
        if dirty[key] == nil { queue?.push(key) }
        if dirty[key] != .inputs { dirty[key] = reason }
    }

    // MARK: Evaluating

    /// Evaluates every dirty binding once, in dependency order: what the frame being made (or a
    /// control request) must see. A binding marked again after it ran this time (only in a cycle)
    /// waits for the next frame.
    public func evaluateDirty() {
        guard queue == nil else { return }
        if !dirty.isEmpty { evaluateDirtyBindings() }
        // After the bindings: a row may read a property a binding just wrote.
        for list in staleLists {
            if let node = lists[list] { ListAdapter.refreshRows(of: node.view) }
        }
        staleLists = []
        if wroteValues {
            wroteValues = false
            host.onBoundValuesChange?()
        }
    }

    private func evaluateDirtyBindings() {
        queue = BindingQueue(dirty.keys) { [unowned self] in order($0) < order($1) }
        var done: Set<Key> = []
        var deferred: [Key: Reason] = [:]
        while let key = queue?.pop() {
            // Pushed again after it was taken: already handled.
            guard let reason = dirty.removeValue(forKey: key) else { continue }
            if done.contains(key) {
                deferred[key] = reason
                continue
            }
            done.insert(key)
            if let binding = bindings[key] { evaluate(binding, reason: reason) }
        }
        queue = nil
        dirty = deferred
        if !dirty.isEmpty { host.screen.requestFrame() }
    }

    private func order(_ key: Key) -> (Int, Int) {
        (bindings[key]?.rank ?? 0, serials[key] ?? 0)
    }

    private func evaluate(_ binding: LiveBinding, reason: Reason) {
        evaluationCount += 1
        binding.evaluations += 1
        if binding.clock != nil { binding.evaluatedAt = host.live.now }
        let value: PropertyValue?
        switch binding.formula.evaluate(in: LiveScope(host: host, eventValue: nil)) {
        case .success(let result):
            if let fitted = binding.spec.type.propertyValue(from: result) {
                if fitted.wasClamped {
                    report("\(binding.spec.formula.location): \(describe(binding)) gives values outside the property's "
                           + "range (expected \(binding.spec.type.expectation)); they are clamped", for: binding)
                }
                value = fitted.value
            } else {
                report("\(binding.spec.formula.location): \(describe(binding)): \(binding.spec.type.mismatch(with: result)); "
                       + "the property shows its default", for: binding)
                value = binding.node.appliedProperties[binding.property]
            }
        case .failure(let error):
            let hint = error.suggestion.map { "; did you mean '\($0)'?" } ?? ""
            report("\(binding.spec.formula.location(of: error.span)): \(describe(binding)): \(error.message)\(hint); "
                   + "the property shows its default", for: binding)
            value = binding.node.appliedProperties[binding.property]
        }
        guard let value else { return }
        guard value != binding.value || (reason == .inputs && binding.isInterrupted) else { return }
        binding.value = value
        binding.isInterrupted = false
        binding.isOverridden = false
        host.reconciler.applyBound(value, to: binding.property, on: binding.node)
        wroteValues = true
        for output in binding.outputs { inputChanged(output) }
    }

    private func describe(_ binding: LiveBinding) -> String {
        let widget = binding.node.id.map { "'\($0)'" } ?? "a \(binding.node.type)"
        return "\(binding.property) of \(widget)"
    }

    /// Logs a binding's problem unless it is the one logged last for that binding.
    private func report(_ problem: String, for binding: LiveBinding) {
        guard problem != binding.loggedProblem else { return }
        binding.loggedProblem = problem
        host.log(problem)
    }

    // MARK: Reading

    /// The widget with this id on a built panel.
    func builtWidget(_ id: String) -> WidgetNode? {
        widgets[id]
    }

    /// The value the binding of `property` gave the widget, unless a `set` changed it since.
    func boundValue(of property: String, on node: WidgetNode) -> PropertyValue? {
        guard let binding = bindings[Key(node: ObjectIdentifier(node), property: property)], !binding.isOverridden else { return nil }
        return binding.value
    }
}

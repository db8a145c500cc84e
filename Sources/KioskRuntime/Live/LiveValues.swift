import KioskConfig
import KioskExpression
import KioskPlatform
import KioskGraphics
import KioskUI

/// Everything expressions may read that is not a widget: the `state` variables, the data
/// sources' values, the panel shown, the locale, the appearance and the wall clock. Sources,
/// state actions, timers and the control socket write it; each change that alters a value is
/// reported to `onChange` as the name it changed, so the bindings that read it (and only those)
/// are evaluated again.
public final class LiveValues {
    /// The state variables, by name.
    public private(set) var state: [String: ExpressionValue] = [:]
    /// The declarations `state` was made from (a reload compares with them).
    public private(set) var stateDeclarations: [StateDeclaration] = []
    /// Each source's last value, by source name.
    public private(set) var sources: [String: SourceValue] = [:]
    /// The id of the panel shown.
    public internal(set) var panel: String { didSet { if panel != oldValue { onChange?(LiveName("panel")) } } }
    /// The locale texts and formats use (BCP-47: `es`, `de-DE`).
    public internal(set) var locale: String { didSet { if locale != oldValue { onChange?(LiveName("locale")) } } }
    public internal(set) var appearance: Appearance {
        didSet { if appearance != oldValue { onChange?(LiveName("appearance")) } }
    }
    /// What `now` reads: the system clock on a device, virtual time plus an epoch on a virtual loop.
    public var clock: WallClock

    /// Told of each name whose value changed (`state.hours`, `weather`, `panel`).
    var onChange: ((LiveName) -> Void)?

    init(state declarations: [StateDeclaration], panel: String, locale: String, appearance: Appearance, clock: WallClock) {
        self.panel = panel
        self.locale = locale
        self.appearance = appearance
        self.clock = clock
        resetState(to: declarations)
    }

    /// Seconds since 1970 on the kiosk's wall clock.
    public var now: Double { clock.now() }

    /// Gives a source its new value (with its `stale`, `updated` and `error`): every formula
    /// reading `name.…` is evaluated again.
    public func setSource(_ name: String, _ value: SourceValue) {
        guard sources[name] != value else { return }
        sources[name] = value
        onChange?(LiveName(name))
    }

    /// Sets a state variable: the formulas reading `state.name` are evaluated again.
    public func setState(_ name: String, _ value: ExpressionValue) {
        guard state[name] != value else { return }
        state[name] = value
        onChange?(LiveName("state", member: name))
    }

    /// Whether `name` is a declared state variable.
    public func declaresState(_ name: String) -> Bool {
        stateDeclarations.contains { $0.name == name }
    }

    /// A reload's `state:`. A variable whose declaration (name and initial value) did not change
    /// keeps its value; a new or changed one starts from its initial value; one no longer declared
    /// is gone.
    func reloadState(_ declarations: [StateDeclaration]) {
        let kept = Set(stateDeclarations.map(StateKey.init)).intersection(declarations.map(StateKey.init))
        let old = state
        stateDeclarations = declarations
        state = [:]
        for declaration in declarations {
            state[declaration.name] = kept.contains(StateKey(declaration)) ? old[declaration.name] : declaration.initialValue
        }
        for name in Set(old.keys).union(state.keys) where old[name] != state[name] {
            onChange?(LiveName("state", member: name))
        }
    }

    private func resetState(to declarations: [StateDeclaration]) {
        stateDeclarations = declarations
        state = Dictionary(declarations.map { ($0.name, $0.initialValue) }, uniquingKeysWith: { _, last in last })
    }

    /// A declaration as a reload compares it: where it is written does not count.
    private struct StateKey: Hashable {
        var name: String
        var initialValue: ExpressionValue
        init(_ declaration: StateDeclaration) {
            name = declaration.name
            initialValue = declaration.initialValue
        }
    }
}

/// A name a formula reads, as the bindings' dependency index keys it: a root (`hours`, `state`,
/// `weather`, `panel`) and the member read from it, when the formula names one (`value`, `hours`,
/// `temp`). A change to `root` with no member concerns every member.
struct LiveName: Hashable {
    var root: String
    var member: String?

    init(_ root: String, member: String? = nil) {
        self.root = root
        self.member = member
    }

    /// What writing `property` of widget `id` changes: the property, and the values derived from
    /// it (a text field's `valid` follows its `text`).
    static func written(_ property: String, on id: String, type: String) -> [LiveName] {
        var names = [LiveName(id, member: property)]
        for (member, derived) in ExpressionNames.derivedMembers[type] ?? [:] where derived.follows.contains(property) {
            names.append(LiveName(id, member: member))
        }
        return names
    }

    /// The names a formula's references read, each once; `now` is the clock's business.
    static func inputs(reading references: [NameReference]) -> [LiveName] {
        var names: [LiveName] = []
        for reference in references {
            guard let root = reference.path.first, root != "now" else { continue }
            let name = LiveName(root, member: reference.path.count > 1 ? reference.path[1] : nil)
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Whether a change to `changed` concerns a formula reading `self`.
    func isAffected(by changed: LiveName) -> Bool {
        root == changed.root && (member == nil || changed.member == nil || member == changed.member)
    }
}

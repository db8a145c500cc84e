import KioskGraphics
import KioskUI

/// Connects one component type of the YAML to the view class that shows it, the way a
/// representable wraps a persistent object for a declarative description:
/// - `make` builds the view once per identity, with what never changes in its life;
/// - `update` brings the view to what the spec now says, touching only the properties that changed
///   since the last update (so what a person did to a property the config did not change survives);
///   it compares before assigning and never writes view state back into the spec;
/// - `dismantle` lets go of whatever the view holds on to when its identity disappears.
///
/// Register an adapter (with its schema) in an `AdapterTable` to make a component usable from YAML.
public protocol ComponentAdapter {
    /// The `type` written in YAML; the same name as the component's schema in the registry.
    var type: String { get }
    /// False for a component whose view class does not exist yet: its views are labelled placeholders
    /// that show where it would be, good only for previews.
    var isAvailable: Bool { get }
    func make(_ widget: WidgetSpec, context: AdapterContext) -> View
    func update(_ view: View, changes: PropertyChanges, context: AdapterContext)
    func dismantle(_ view: View)
    /// The view's live value of a property (`expect` steps and the control socket read it), or nil
    /// when the view does not keep that property apart from the spec.
    func value(of property: String, in view: View) -> PropertyValue?
    /// Where the widget's children are placed (the view itself for most containers).
    func childContainer(of view: View) -> View
}

extension ComponentAdapter {
    public var isAvailable: Bool { true }
    public func dismantle(_ view: View) {}
    public func value(of property: String, in view: View) -> PropertyValue? { nil }
    public func childContainer(of view: View) -> View { view }
}

/// What adapters may consult beyond the widget's own properties.
public struct AdapterContext {
    /// Directory relative image paths are read from (the config file's directory).
    public var baseDirectory: String
    /// Where the widget being made or updated reports its events (`tap`, `change`, …).
    public var events: WidgetEvents

    /// Where a widget reports a problem that does not stop the panel (an image that cannot be
    /// read): the kiosk's log.
    public var report: (String) -> Void

    /// The reconciler making the widget, for a component that makes widgets of its own (a
    /// `list`'s rows).
    public weak var reconciler: Reconciler?

    public init(baseDirectory: String = ".", events: WidgetEvents = WidgetEvents(), report: @escaping (String) -> Void = { _ in },
                reconciler: Reconciler? = nil) {
        self.baseDirectory = baseDirectory
        self.events = events
        self.report = report
        self.reconciler = reconciler
    }

    /// A path as written, or joined to `baseDirectory` when relative.
    public func path(_ written: String) -> String {
        written.hasPrefix("/") ? written : baseDirectory + "/" + written
    }

    /// The picture (PNG, JPEG or SVG) at a path as written in the config, through the shared
    /// decode cache, or nil when it cannot be read: the widget then shows nothing rather than
    /// failing its panel, and the problem is reported once per path and reason.
    public func imageContent(at written: String, cache: ImageFileCache = .shared) -> ImageContent? {
        let resolved = path(written)
        do {
            let content = try cache.content(at: resolved)
            cache.forgetFailure(for: resolved)
            return content
        } catch {
            if cache.shouldReport(error, for: resolved) {
                report("image '\(written)': \(error); nothing is shown in its place")
            }
            return nil
        }
    }

    /// The bitmap at a path (a PNG or JPEG), or nil (reported once) when it cannot be read or is an SVG.
    public func image(at written: String) -> Surface? {
        if case .bitmap(let surface)? = imageContent(at: written) { surface } else { nil }
    }
}

/// The properties of one widget before and after a change. Texts are already resolved for the
/// locale (so a locale switch shows up as a change of the texts it affects).
public struct PropertyChanges {
    public let old: [String: PropertyValue]?
    public let new: [String: PropertyValue]

    /// `old` is nil when the view was just made: every property written then counts as changed.
    public init(old: [String: PropertyValue]?, new: [String: PropertyValue]) {
        self.old = old
        self.new = new
    }

    /// True when the view was just made.
    public var isInitial: Bool { old == nil }

    /// Whether `name` differs between the old and the new spec (a property that appears or disappears counts).
    public func changed(_ name: String) -> Bool {
        guard let old else { return new[name] != nil }
        return old[name] != new[name]
    }

    /// Runs `apply` with the new value (nil: no longer written) when the property changed.
    public func ifChanged(_ name: String, _ apply: (PropertyValue?) -> Void) {
        if changed(name) { apply(new[name]) }
    }

    /// The names that changed, for logging and tests.
    public var changedNames: [String] {
        Set(new.keys).union(old?.keys ?? [:].keys).filter(changed).sorted()
    }
}

/// Assigns only when the value differs: writing a view property has effects (damage, layout,
/// resetting a caret) even when the value is the same.
@inline(__always)
public func assignIfDifferent<Root: AnyObject, Value: Equatable>(_ root: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>,
                                                                 _ value: Value) {
    if root[keyPath: keyPath] != value { root[keyPath: keyPath] = value }
}

/// The channel from one widget's view to the actions its spec attaches to events. A control's
/// adapter captures it in `make`: `button.addAction(for: .touchUpInside) { events.send("tap") }`.
/// The actions run are those of the spec in force when the event happens, not when it was made.
public struct WidgetEvents {
    private let deliver: (String, PropertyValue?) -> Void

    public init(_ deliver: @escaping (String, PropertyValue?) -> Void = { _, _ in }) {
        self.deliver = deliver
    }

    /// `event` without `on_`: `tap`, `change`, `commit`, `submit`, `long_press`.
    public func send(_ event: String, value: PropertyValue? = nil) {
        deliver(event, value)
    }
}

/// Sends `long_press` for a widget held down (`on_long_press` in YAML).
public func addLongPress(to view: View, events: WidgetEvents) {
    view.addGestureRecognizer(LongPressGestureRecognizer { recognizer in
        if recognizer.state == .began { events.send("long_press") }
    })
}

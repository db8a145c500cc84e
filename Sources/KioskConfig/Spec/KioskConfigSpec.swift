import KioskGraphics

/// A validated kiosk config: a plain value, so a reload can compare the old one's parts with the
/// new one's. A config read from bytes carries their `fingerprint`: two read from different bytes
/// are not equal even when they say the same.
/// Styles are already applied and schema defaults filled in; texts keep their `@key`s so that a
/// locale switch re-renders them.
nonisolated public struct KioskConfigSpec: Equatable, Sendable {
    public var display: DisplaySpec
    public var input: InputSpec
    public var theme: ThemeSpec
    public var log: LogSpec
    public var strings: StringTables
    /// The id of the panel shown first (the first panel when `start` is not written).
    public var start: String
    /// Panels in the order they were written.
    public var panels: [PanelSpec]
    /// The `state:` variables in the order they were written.
    public var state: [StateDeclaration]
    /// The top-level `sources:`, in the order they were written.
    public var sources: [SourceSpec] = []
    /// `remote`: the VNC server.
    public var remote = RemoteSpec()
    /// The `mqtt:` section; nil when the kiosk joins no broker.
    public var mqtt: MQTTSpec?
    /// Problems that do not refuse the config (`kiosk check` prints them), in file order.
    public var warnings: [ConfigError] = []
    /// The top-level `overlay:`: widgets drawn above every panel (nil when not written).
    public var overlay: WidgetSpec?
    /// The top-level `swipe_order:`: each listed panel's neighbours for a horizontal swipe.
    public var swipeOrder: [String] = []
    /// `swipe_indicator: true`: page dots for the panels of `swipe_order`.
    public var swipeIndicator = false
    /// The `ConfigFingerprint` of the bytes the config was read from: the fleet's `config_hash`,
    /// which says which kiosks run the same file. Empty for a config made in code.
    public var fingerprint = ""

    public init(display: DisplaySpec = DisplaySpec(), input: InputSpec = InputSpec(), theme: ThemeSpec = ThemeSpec(),
                log: LogSpec = LogSpec(), strings: StringTables = StringTables(), start: String, panels: [PanelSpec],
                state: [StateDeclaration] = []) {
        self.display = display
        self.input = input
        self.theme = theme
        self.log = log
        self.strings = strings
        self.start = start
        self.panels = panels
        self.state = state
    }

    public func panel(id: String) -> PanelSpec? {
        panels.first { $0.id == id }
    }

    /// The widget with this id, in whichever panel (or the overlay) it is.
    public func widget(id: String) -> WidgetSpec? {
        for root in widgetRoots {
            if let widget = root.first(where: { $0.id == id }) { return widget }
        }
        return nil
    }

    /// The root widget of every panel, then the overlay's: every widget of the config is under one.
    public var widgetRoots: [WidgetSpec] {
        panels.map(\.root) + (overlay.map { [$0] } ?? [])
    }

    /// The characters a text shows in a locale (the theme's locale when none is given).
    public func resolve(_ text: TextValue, locale: String? = nil) -> String {
        strings.resolve(text, locale: locale ?? theme.locale)
    }
}

/// A panel: one screen of the kiosk.
nonisolated public struct PanelSpec: Equatable, Sendable {
    public var id: String
    public var title: TextValue?
    /// Actions run each time the panel is shown.
    public var onShow: [ActionSpec]
    /// Timers that run while the panel is shown: started each time it appears, stopped when
    /// another panel does.
    public var timers: [TimerSpec]
    /// The panel's content; a panel written with `children:` gets a vertical `stack` here.
    public var root: WidgetSpec
    /// The panels a swipe shows, as written under the panel's `swipe:` (`swipe_order` fills the rest).
    public var swipe = SwipeNeighbours()

    public init(id: String, title: TextValue? = nil, onShow: [ActionSpec] = [], timers: [TimerSpec] = [], root: WidgetSpec) {
        self.id = id
        self.title = title
        self.onShow = onShow
        self.timers = timers
        self.root = root
    }
}

/// Per-locale string tables: `strings.<locale>.<key>`.
nonisolated public struct StringTables: Equatable, Sendable {
    public var tables: [String: [String: String]]

    public init(_ tables: [String: [String: String]] = [:]) {
        self.tables = tables
    }

    public var locales: [String] { tables.keys.sorted() }

    public func string(forKey key: String, locale: String) -> String? {
        tables[locale]?[key]
    }

    /// A literal as is; a key from the locale's table, or `@key` itself when it is missing there.
    public func resolve(_ text: TextValue, locale: String) -> String {
        switch text {
        case .literal(let value): value
        case .localized(let key): string(forKey: key, locale: locale) ?? "@" + key
        }
    }
}

import KioskExpression
/// What every part of decoding shares: the registry, the mistakes found so far, and the names one
/// part of the file uses that another part must define (checked once everything is read).
nonisolated final class DecodingContext {
    struct WidgetDeclaration {
        var type: String
        var location: SourceLocation
    }

    let registry: ComponentRegistry
    private(set) var errors: [ConfigError] = []

    /// Whether an error (not a warning) was reported.
    var hasRefusingErrors: Bool { errors.contains { $0.severity == .error } }
    /// Read before the panels, so that a reference can be checked wherever it is written.
    var strings = StringTables()
    var styles: [String: StyleDefinition] = [:]
    var panelIDs: [String] = []
    /// The first declaration of every widget id in the file, found before the panels are decoded.
    var widgetTypes: [String: WidgetDeclaration] = [:]
    /// Ids met while decoding, to report the second use of one.
    var decodedIDs: [String: SourceLocation] = [:]
    /// Where each action of each panel's `on_show` is written, in order.
    var onShowLocations: [String: [SourceLocation]] = [:]
    /// What formulas read besides widgets, found before the panels: the `state:` variables and
    /// the names of the `sources:`.
    var stateDeclarations: [StateDeclaration] = []
    var sourceNames: [String] = []
    /// Whether the config names a broker: an `mqtt` source needs one.
    var hasMQTTSection = false
    /// Every binding of a widget with an id, for the cycle check once all are read.
    var bindingGraph = BindingGraph()
    /// What formulas may read, built on first use (every name above is known by then).
    lazy var bindingCatalogue = makeCatalogue(insideActions: false)
    lazy var actionCatalogue = makeCatalogue(insideActions: true)
    /// How many `list` row templates enclose the widget being decoded: their formulas also read
    /// `$item` and `$index`.
    var listRowDepth = 0
    lazy var rowCatalogue = makeRowCatalogue(adding: bindingCatalogue)
    lazy var rowActionCatalogue = makeRowCatalogue(adding: actionCatalogue)
    /// Timer ids declared and cancelled, checked against each other at the end.
    var timerNames = TimerNames()
    /// Where relative picture paths are checked from, or nil not to check them (a config given as
    /// text, with no file to be relative to).
    var imageDirectory: String?
    /// `theme.fonts` as written, loaded before anything that names a font family is checked.
    var loadedFontPaths: [String] = []

    init(registry: ComponentRegistry) {
        self.registry = registry
    }

    func report(_ error: ConfigError) {
        errors.append(error)
    }

    /// A problem that does not refuse the config (`kiosk check` prints it as a warning).
    func warn(at location: SourceLocation, _ message: String, expected: String? = nil, found: String? = nil) {
        errors.append(ConfigError(at: location, message, expected: expected, found: found, severity: .warning))
    }

    func report(at location: SourceLocation, _ message: String, expected: String? = nil, found: String? = nil,
                suggestion: String? = nil) {
        errors.append(ConfigError(at: location, message, expected: expected, found: found, suggestion: suggestion))
    }

    /// Reports each key of a mapping that is not one of `known`, suggesting the closest known one.
    func rejectUnknownKeys(in entries: [YAMLNode.Entry], known: [String], describing what: String) {
        for entry in entries where !known.contains(entry.key) {
            report(at: entry.keyLocation, "unknown key '\(entry.key)' in \(what)",
                   suggestion: NameSuggestion.closest(to: entry.key, among: known))
        }
    }

    /// The node as a mapping, or nil after reporting what it is instead.
    func mapping(_ node: YAMLNode, describing what: String) -> [YAMLNode.Entry]? {
        if let entries = node.mapping { return entries }
        report(at: node.location, "\(what) must be a mapping", expected: "a mapping of key: value", found: node.summary)
        return nil
    }
}

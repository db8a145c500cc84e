/// Reads actions written outside a config (a script's `do:` step, a control command) against a
/// loaded config, with the same checks and messages as actions inside it.
nonisolated public struct ActionDecoder: Sendable {
    public var registry: ComponentRegistry
    /// The names of the config's data sources, which formulas in the actions may read.
    public var sourceNames: [String]

    public init(registry: ComponentRegistry = .standard, sourceNames: [String] = []) {
        self.registry = registry
        self.sourceNames = sourceNames
    }

    public func actions(_ node: YAMLNode, in config: KioskConfigSpec) -> Result<[ActionSpec], ConfigErrors> {
        let context = DecodingContext(registry: registry)
        context.strings = config.strings
        context.panelIDs = config.panels.map(\.id)
        context.stateDeclarations = config.state
        context.sourceNames = sourceNames
        for root in config.widgetRoots {
            collect(root, into: context, at: node.location)
        }
        context.timerNames.declared = config.timerIDs
        let actions = context.actions(node)
        context.checkTimerCancellations()
        return context.errors.isEmpty ? .success(actions) : .failure(ConfigErrors(context.errors))
    }

    private func collect(_ widget: WidgetSpec, into context: DecodingContext, at location: SourceLocation) {
        if let id = widget.id, context.widgetTypes[id] == nil {
            context.widgetTypes[id] = DecodingContext.WidgetDeclaration(type: widget.type, location: location)
        }
        for child in widget.children { collect(child, into: context, at: location) }
    }
}

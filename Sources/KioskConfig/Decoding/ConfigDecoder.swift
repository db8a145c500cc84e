/// Turns a parsed document into a `KioskConfigSpec`, collecting every mistake on the way.
nonisolated struct ConfigDecoder {
    static let sections = ["display", "input", "theme", "log", "strings", "styles", "state", "sources", "start", "panels",
                           "overlay", "swipe_order", "swipe_indicator", "remote", "mqtt"]

    let context: DecodingContext

    /// `imageDirectory`: where relative picture paths are read from to check them (the config
    /// file's directory); nil when the config has no file to be relative to.
    init(registry: ComponentRegistry, imageDirectory: String? = nil) {
        context = DecodingContext(registry: registry)
        context.imageDirectory = imageDirectory
    }

    func decode(_ root: YAMLNode) -> (spec: KioskConfigSpec?, errors: [ConfigError]) {
        guard let entries = context.mapping(root, describing: "a kiosk config") else { return (nil, context.errors) }
        context.rejectUnknownKeys(in: entries, known: Self.sections, describing: "the config")
        // Definitions first, so that every use below can be checked where it is written.
        if let node = root["theme"]?["fonts"] { context.loadedFontPaths = context.loadFonts(node) }
        if let node = root["strings"] { context.strings = context.strings(node) }
        if let node = root["styles"] { context.styles = context.resolveStyles(node) }
        if let node = root["state"] { context.stateDeclarations = context.stateDeclarations(node) }
        if let node = root["sources"] { context.sourceNames = context.sourceNames(node) }
        context.hasMQTTSection = root["mqtt"] != nil
        let panelEntries = root["panels"].flatMap { context.mapping($0, describing: "'panels'") } ?? []
        context.panelIDs = panelEntries.map(\.key)
        if let node = root["panels"] { context.collectWidgetIDs(in: node) }
        if let node = root["overlay"] { context.collectWidgetIDs(in: node) }

        let display = root["display"].map(context.display) ?? DisplaySpec()
        let input = root["input"].map(context.input) ?? InputSpec()
        let theme = root["theme"].map(context.theme) ?? ThemeSpec()
        let log = root["log"].map(context.log) ?? LogSpec()
        let remote = root["remote"].map(context.remote) ?? RemoteSpec()
        // After the widget ids are known: a source may not share a name with a widget.
        let sources = root["sources"].map(context.sources) ?? []
        let mqtt = root["mqtt"].flatMap(context.mqtt)
        if root["panels"] == nil {
            context.report(at: root.location, "the config has no 'panels'", expected: "a 'panels' mapping with at least one panel")
        } else if panelEntries.isEmpty, let node = root["panels"], node.mapping != nil {
            context.report(at: node.location, "'panels' is empty", expected: "at least one panel")
        }
        let panels = panelEntries.compactMap(panel)
        let overlay = root["overlay"].flatMap(context.overlay)
        context.checkTimerCancellations()
        var start = panelEntries.first?.key ?? ""
        if let node = root["start"] {
            if let id = node.scalar?.text, !node.isNull {
                context.checkPanel(id, at: node.location)
                start = id
            } else {
                context.report(at: node.location, "invalid value for 'start'", expected: "a panel id", found: node.summary)
            }
        }
        context.checkBindingCycles()
        // Only a config whose panels all decoded can be walked.
        if !context.hasRefusingErrors { context.checkOnShowNavigation(of: panels, start: start) }
        var spec = KioskConfigSpec(display: display, input: input, theme: theme, log: log, strings: context.strings,
                                   start: start, panels: panels, state: context.stateDeclarations)
        spec.sources = sources
        spec.overlay = overlay
        spec.swipeOrder = root["swipe_order"].map(context.swipeOrder) ?? []
        spec.swipeIndicator = root["swipe_indicator"].map(context.swipeIndicator) ?? false
        spec.remote = remote
        spec.mqtt = mqtt
        return (context.hasRefusingErrors ? nil : spec, context.errors)
    }

    /// `id: {title?, on_show?, timers?, root: widget}` or `id: {title?, on_show?, timers?, children: [...]}`
    /// (children are placed in a vertical stack).
    private func panel(_ entry: YAMLNode.Entry) -> PanelSpec? {
        guard let entries = context.mapping(entry.value, describing: "panel '\(entry.key)'") else { return nil }
        context.rejectUnknownKeys(in: entries, known: ["title", "on_show", "timers", "root", "children", "swipe"], describing: "panel '\(entry.key)'")
        let node = entry.value
        let title = node["title"].flatMap { context.value(of: $0, as: .text, named: "title")?.text }
        let onShow = node["on_show"].map(context.actions) ?? []
        if let onShowNode = node["on_show"], context.onShowLocations[entry.key] == nil {
            context.onShowLocations[entry.key] = (onShowNode.sequence ?? [onShowNode]).map(\.location)
        }
        let timers = node["timers"].map { context.panelTimers($0, panel: entry.key) } ?? []
        let root: WidgetSpec?
        switch (node["root"], node["children"]) {
        case (let rootNode?, nil):
            root = context.widget(rootNode)
        case (nil, let childrenNode?):
            let stack = YAMLNode.Entry(key: "type", keyLocation: childrenNode.location,
                                       value: YAMLNode(.scalar(.init(text: "stack", isPlain: true)), at: childrenNode.location))
            let wrapper = YAMLNode(.mapping([stack, YAMLNode.Entry(key: "children", keyLocation: childrenNode.location,
                                                                   value: childrenNode)]), at: node.location)
            root = context.widget(wrapper)
        case (_?, _?):
            context.report(at: node.location, "panel '\(entry.key)' has both 'root' and 'children'", expected: "one of them")
            return nil
        case (nil, nil):
            context.report(at: entry.keyLocation, "panel '\(entry.key)' has no content", expected: "'root' (a widget) or 'children' (a list)")
            return nil
        }
        guard let root else { return nil }
        var panel = PanelSpec(id: entry.key, title: title, onShow: onShow, timers: timers, root: root)
        if let swipeNode = node["swipe"] { panel.swipe = context.swipeNeighbours(swipeNode, panel: entry.key) }
        return panel
    }
}

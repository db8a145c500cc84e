import KioskConfig
import Testing

/// The showcase config in Config/ stays valid and uses every component and action.
struct PanelShowcaseTests {
    static let path = Corpus.repositoryRoot.appendingPathComponent("Config/kiosk.yaml").path

    @Test func showcasePassesCheck() {
        let report = ConfigChecker().check(path: Self.path)
        #expect(report.exitStatus == 0, "\(report.output)")
    }

    @Test func showcaseUsesEveryComponentAndAction() throws {
        let config = try #require(ConfigLoader().load(path: Self.path).value)
        var types: Set<String> = []
        var actions: Set<String> = []
        func visit(_ list: [ActionSpec]) {
            for action in list {
                switch action {
                case .goto: actions.insert("goto")
                case .back: actions.insert("back")
                case .set: actions.insert("set")
                case .alert(let alert):
                    actions.insert("alert")
                    alert.buttons.forEach { visit($0.actions) }
                case .emit: actions.insert("emit")
                case .setLocale: actions.insert("set_locale")
                case .setAppearance: actions.insert("set_appearance")
                case .when(_, let then, let otherwise):
                    actions.insert("if")
                    visit(then)
                    visit(otherwise)
                case .after(_, _, let nested):
                    actions.insert("after")
                    visit(nested)
                case .every(_, _, let nested):
                    actions.insert("every")
                    visit(nested)
                case .cancel: actions.insert("cancel")
                // The screen's own actions; the showcase has no idle to show them with.
                case .wake: actions.insert("wake")
                case .sleep: actions.insert("sleep")
                }
            }
        }
        func visit(_ widget: WidgetSpec) {
            types.insert(widget.type)
            widget.actions.values.forEach(visit)
            widget.children.forEach(visit)
        }
        for panel in config.panels {
            visit(panel.root)
            visit(panel.onShow)
            panel.timers.forEach { visit($0.actions) }
        }
        #expect(types == Set(ComponentRegistry.standard.typeNames))
        #expect(actions == ["goto", "back", "set", "alert", "emit", "set_locale", "set_appearance", "if", "after", "every", "cancel"])
    }
}

import KioskConfig
import KioskExpression

/// The `data:` step and the `expect: {source: …}` expectation.
extension PanelScriptRunner {
    /// Gives a source a value as if it had arrived from where the source reads, then lets the
    /// panels show it.
    func feed(_ source: String, _ node: YAMLNode) throws {
        let value: ExpressionValue
        switch PayloadDecoder.value(of: node) {
        case .success(let decoded): value = decoded
        case .failure(let error): throw StepFailure(error.message)
        }
        do {
            try session.kiosk.sources.feed(source, value)
        } catch {
            throw StepFailure(error.description)
        }
        try session.renderUntilIdle()
    }

    func checkSource(_ name: String, member: String?, equals expected: String) throws {
        guard let current = session.kiosk.sources.value(of: name) else {
            throw StepFailure(SourcePushError.unknownSource(name, suggestion: NameSuggestion.closest(
                to: name, among: session.kiosk.sources.names)).description)
        }
        let value = member.map { current.member($0) ?? .null } ?? current.value
        let label = member.map { "\(name).\($0)" } ?? name
        guard Self.matches(value.displayText, expected) else {
            throw StepFailure("\(label) is '\(value.displayText)'")
        }
    }
}

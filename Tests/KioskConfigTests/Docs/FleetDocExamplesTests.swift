import KioskConfig
import Testing

/// Every ```yaml block of docs/fleet.md validates like a config.
@Suite struct FleetDocExamplesTests {
    nonisolated static let examples = DocExamplesTests.examples(inDocument: "docs/fleet.md")

    @Test func thePageHasExamples() {
        #expect(Self.examples.count >= 3)
    }

    @Test(arguments: examples)
    func exampleValidates(_ example: DocExamplesTests.Example) {
        let errors = ConfigLoader().load(text: example.text, file: "example.yaml").errors
        #expect(errors.isEmpty, "\(example):\n\(errors.map(\.description).joined(separator: "\n"))")
    }
}

import KioskConfig
import KioskGraphics
import KioskUI
import Testing
@testable import KioskRuntime

/// A slider without `value` starts at `min`, whatever the range: the config checks and the thumb
/// sits at the first tick.
@MainActor
struct SliderDefaultValueTests {
    static let config = """
        start: home
        panels:
          home:
            root:
              type: stack
              children:
                - {type: marked_slider, id: rating, min: 1, max: 5}
                - {type: slider, id: volume, min: 0.2, max: 0.9}
        """

    static func errors(in text: String) -> [ConfigError] {
        if case .failure(let errors) = ConfigLoader().load(text: text) { return errors.errors }
        return []
    }

    @Test func aRangeAboveZeroChecksWithoutAValue() {
        let errors = Self.errors(in: Self.config)
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func theValueStartsAtMin() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        #expect(kiosk.host.value(of: "value", widget: "rating") == .number(1))
        #expect(kiosk.host.value(of: "value", widget: "volume") == .number(0.2))
        let rating = try #require(kiosk.session.display.screen.view(withID: "rating") as? MarkedSlider)
        #expect(rating.value == 1)
    }

    @Test func aValueOutsideTheRangeIsStillAnError() {
        let text = Self.config.replacingOccurrences(of: "min: 1, max: 5}", with: "min: 1, max: 5, value: 0}")
        #expect(Self.errors(in: text).map(\.detail).contains("'value' 0 is outside min…max (1…5)"))
    }
}

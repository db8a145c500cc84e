import KioskUI
import Testing

struct MarkedSliderTests {
    /// A reload may narrow the range under a value a person set: the thumb must stay on the track.
    @Test func aNarrowerRangeClampsTheValue() {
        let slider = MarkedSlider(minimum: 0, maximum: 8, step: 1, value: 7)
        slider.maximumValue = 5
        #expect(slider.value == 5)
        slider.minimumValue = 2
        slider.maximumValue = 10
        slider.value = 1
        #expect(slider.value == 2)
    }
}

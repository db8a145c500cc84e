import KioskGraphics

/// The round thumb `Slider` and `MarkedSlider` draw over their track, with its shadow. It keeps its
/// size whatever the slider's: in a slider laid out shorter or narrower than the thumb it reaches
/// past the bounds, and the slider's drawing overhang has to cover that.
enum SliderThumb {
    static let diameter = 28.0
    static let shadow = Shadow(opacity: 0.25, offset: Size(width: 0, height: 2), radius: 4)

    /// The thumb centred at `x` on the track's centre line `midY`.
    static func rect(centreX x: Double, midY: Double) -> Rect {
        Rect(x: x - diameter / 2, y: midY - diameter / 2, width: diameter, height: diameter)
    }

    /// Everything the thumb and its shadow can paint with its centre anywhere between two points
    /// of the track. A value change damages only what the slider painted before, so the overhang
    /// must already cover the thumb's new place: all of its travel, not where it is now.
    static func reach(between first: Double, and second: Double, midY: Double) -> Rect {
        let thumbs = rect(centreX: min(first, second), midY: midY).union(rect(centreX: max(first, second), midY: midY))
        return thumbs.union(shadow.bounds(of: thumbs))
    }
}

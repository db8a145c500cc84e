import KioskGraphics

/// The places antiburn moves the picture through: a snake over the square of offsets within
/// `shift` pixels of where the picture belongs, row by row, one pixel per step, walked forward
/// and back so it never jumps. It starts in the middle (no offset), so a fresh kiosk shows its
/// picture where it was designed.
nonisolated struct AntiburnPath: Equatable, Sendable {
    /// The farthest the picture moves on either axis, in pixels (at least 1).
    let shift: Int

    init(shift: Int) {
        self.shift = max(1, shift)
    }

    private var side: Int { 2 * shift + 1 }
    private var count: Int { side * side }
    /// The snake's index of the middle (no offset).
    private var middle: Int { shift * side + shift }

    /// Where the picture is after `step` moves.
    func offset(atStep step: Int) -> PixelOffset {
        let period = 2 * (count - 1)
        let walked = (middle + step % period + period) % period
        let index = walked < count ? walked : period - walked
        let row = index / side, column = index % side
        let x = row % 2 == 0 ? column : side - 1 - column
        return PixelOffset(x: x - shift, y: row - shift)
    }

    /// Steps until the path is back where it started.
    var period: Int { 2 * (count - 1) }
}

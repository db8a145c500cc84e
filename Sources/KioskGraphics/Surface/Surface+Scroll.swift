import Foundation

extension Surface {
    /// Moves the pixels of `rect` sideways by `dx` (negative: to the left), inside `rect` only.
    /// The columns the move uncovers keep their old pixels: the caller paints them next. This is
    /// how a scrolling plot reuses what it already drew instead of rasterizing it again.
    public func shiftPixels(in rect: PixelRect, by dx: Int) {
        precondition(format != .a8, "shifting an a8 surface")
        let area = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard dx != 0, !area.isEmpty, abs(dx) < area.width else { return }
        let memory = pixels
        let kept = area.width - abs(dx)
        let from = dx < 0 ? area.x - dx : area.x
        let to = dx < 0 ? area.x : area.x + dx
        for row in area.y..<area.maxY {
            let base = memory + row * stride
            memmove(base + to * 4, base + from * 4, kept * 4)
        }
        markDirty()
    }
}

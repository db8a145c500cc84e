import FoundationEssentials
import Glibc

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

    /// Moves the pixels inside `rect` by (`dx`, `dy`), keeping them inside `rect`: what slides out
    /// is dropped, what slides in keeps its old pixels (the caller repaints that strip). How a
    /// scroll moves what is already painted instead of painting it again.
    ///
    /// With `source`, a surface of the same size and format, the pixels are taken from there (a
    /// buffer painted in place takes them from the one shown last): a single pass, where moving
    /// them would follow bringing this surface up to date.
    public func movePixels(in rect: PixelRect, dx: Int, dy: Int, from source: Surface? = nil) {
        precondition(format != .a8, "moving pixels of an a8 surface")
        let from = source ?? self
        precondition(from.width == width && from.height == height && from.format == format && from.stride == stride,
                     "moving pixels from a surface of another size or format")
        let area = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard dx != 0 || dy != 0, !area.isEmpty, abs(dx) < area.width, abs(dy) < area.height else { return }
        let memory = pixels, sourceMemory = from.pixels
        let kept = area.width - abs(dx)
        let fromX = dx < 0 ? area.x - dx : area.x
        let toX = dx < 0 ? area.x : area.x + dx
        // Within one surface, rows are copied in the order that never reads a row already written.
        let rows = dy > 0 ? Array(Swift.stride(from: area.maxY - 1, through: area.y + dy, by: -1))
                          : Array(area.y..<(area.maxY + dy))
        for row in rows {
            let target = memory + row * stride + toX * 4, origin = sourceMemory + (row - dy) * stride + fromX * 4
            if source != nil, source !== self {
                Self.copyRow(to: target, from: origin, byteCount: kept * 4)
            } else {
                memmove(target, origin, kept * 4)
            }
        }
        markDirty()
    }

    /// Copies pixels from `source`, a different surface of the same size and format: each of
    /// `pieces` is a rectangle of this surface and how far its pixels moved since `source` showed
    /// them (`rect` takes the pixels of `rect` less `offset` there). The pieces are copied a row of
    /// the surface at a time, all of them, because walking down each piece in turn breaks the
    /// rows into short runs the processor does not fetch ahead (two pieces side by side copied
    /// in turn took a quarter longer than the whole rows).
    public func copyPixels(_ pieces: [(rect: PixelRect, offset: PixelOffset)], from source: Surface) {
        precondition(format != .a8, "copying pixels of an a8 surface")
        precondition(source !== self && source.width == width && source.height == height && source.format == format
                     && source.stride == stride, "copying pixels from a surface of another size or format")
        let bounds = PixelRect(x: 0, y: 0, width: width, height: height)
        // Each piece cut to where both it and its source lie on the surfaces.
        let cut = pieces.map { piece in
            (rect: piece.rect.intersection(bounds).intersection(bounds.offsetBy(piece.offset)), piece.offset)
        }.filter { !$0.rect.isEmpty }
        guard let top = cut.map(\.rect.y).min(), let bottom = cut.map(\.rect.maxY).max() else { return }
        let memory = pixels, sourceMemory = source.pixels
        for row in top..<bottom {
            for (rect, offset) in cut where rect.y <= row && row < rect.maxY {
                Self.copyRow(to: memory + row * stride + rect.x * 4,
                             from: sourceMemory + (row - offset.y) * stride + (rect.x - offset.x) * 4, byteCount: rect.width * 4)
            }
        }
        markDirty()
    }

    /// Copies a row between two surfaces. When the target lies a few bytes past the source modulo
    /// 4 KiB (a move a pixel or two to the right), a forward copy reads each block at the address
    /// bits of a block it has just written, and the processor waits on those stores as if they
    /// were the same memory ("4K aliasing"): glibc's memcpy then took 14 times as long here
    /// (measured: at 4 and 8 bytes; from 16 on, no longer). Copying such a row from its end
    /// avoids that; it runs at about 1.4 memcpys, so other rows keep memcpy.
    static func copyRow(to target: UnsafeMutableRawPointer, from source: UnsafeRawPointer, byteCount: Int) {
        let distance = (Int(bitPattern: target) &- Int(bitPattern: source)) & 4095
        guard distance > 0, distance < 32 else {
            memcpy(target, source, byteCount)
            return
        }
        var remaining = byteCount
        while remaining >= 64 {
            remaining -= 64
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: remaining, as: SIMD16<UInt32>.self),
                              toByteOffset: remaining, as: SIMD16<UInt32>.self)
        }
        if remaining > 0 { memcpy(target, source, remaining) }
    }
}

import FoundationEssentials
import Glibc
import KioskGraphics
import KioskPlatform

/// Copies damaged pixels from the shadow buffer to a scanout buffer, rotating on the way.
/// Only writes touch the scanout buffer.
enum PixelCopy {
    /// Copies `rect` of the shadow buffer to the same place moved by `offset` (logical pixels; the
    /// caller keeps the moved rectangle on screen).
    static func copy(_ rect: PixelRect, from source: Surface, to buffer: ScanoutBuffer, rotation: Rotation,
                     offset: PixelOffset = .zero) {
        let sourcePixels = source.pixels
        let sourceStride = source.stride
        let dx = offset.x, dy = offset.y
        switch rotation {
        case .none:
            let rowBytes = rect.width * 4
            for row in rect.y..<rect.maxY {
                memcpy(buffer.pixels + (row + dy) * buffer.stride + (rect.x + dx) * 4, sourcePixels + row * sourceStride + rect.x * 4,
                       rowBytes)
            }
        case .upsideDown, .clockwise90, .clockwise270:
            let target = rotation.bufferRect(for: rect.offsetBy(offset), bufferWidth: buffer.width, bufferHeight: buffer.height)
            let from = sourcePixels.assumingMemoryBound(to: UInt32.self)
            let to = buffer.pixels.assumingMemoryBound(to: UInt32.self)
            let sourceRowPixels = sourceStride / 4, bufferRowPixels = buffer.stride / 4
            // Iterate over target rows so writes stay sequential.
            for by in target.y..<target.maxY {
                let outRow = to + by * bufferRowPixels
                for bx in target.x..<target.maxX {
                    let (lx, ly) = logical(bx: bx, by: by, rotation: rotation, width: buffer.width, height: buffer.height)
                    outRow[bx] = from[(ly - dy) * sourceRowPixels + lx - dx]
                }
            }
        }
    }

    /// Paints logical `rect` of the buffer black (the border a moved picture leaves).
    static func clear(_ rect: PixelRect, in buffer: ScanoutBuffer, rotation: Rotation) {
        let target = rotation.bufferRect(for: rect, bufferWidth: buffer.width, bufferHeight: buffer.height)
        guard target.width > 0, target.height > 0 else { return }
        for row in target.y..<target.maxY {
            memset(buffer.pixels + row * buffer.stride + target.x * 4, 0, target.width * 4)
        }
    }

    /// The logical pixel shown at buffer pixel (bx, by).
    @inline(__always)
    private static func logical(bx: Int, by: Int, rotation: Rotation, width: Int, height: Int) -> (Int, Int) {
        switch rotation {
        case .none: (bx, by)
        case .upsideDown: (width - 1 - bx, height - 1 - by)
        case .clockwise90: (by, width - 1 - bx)
        case .clockwise270: (height - 1 - by, bx)
        }
    }
}

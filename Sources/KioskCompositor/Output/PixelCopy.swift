import Foundation
import KioskGraphics
import KioskPlatform

/// Copies damaged pixels from the shadow buffer to a scanout buffer, rotating on the way.
/// Only writes touch the scanout buffer.
enum PixelCopy {
    static func copy(_ rect: PixelRect, from source: Surface, to buffer: ScanoutBuffer, rotation: Rotation) {
        let sourcePixels = source.pixels
        let sourceStride = source.stride
        switch rotation {
        case .none:
            let rowBytes = rect.width * 4
            for row in rect.y..<rect.maxY {
                memcpy(buffer.pixels + row * buffer.stride + rect.x * 4, sourcePixels + row * sourceStride + rect.x * 4, rowBytes)
            }
        case .upsideDown, .clockwise90, .clockwise270:
            let target = rotation.bufferRect(for: rect, bufferWidth: buffer.width, bufferHeight: buffer.height)
            let from = sourcePixels.assumingMemoryBound(to: UInt32.self)
            let to = buffer.pixels.assumingMemoryBound(to: UInt32.self)
            let sourceRowPixels = sourceStride / 4, bufferRowPixels = buffer.stride / 4
            // Iterate over target rows so writes stay sequential.
            for by in target.y..<target.maxY {
                let outRow = to + by * bufferRowPixels
                for bx in target.x..<target.maxX {
                    let (lx, ly) = logical(bx: bx, by: by, rotation: rotation, width: buffer.width, height: buffer.height)
                    outRow[bx] = from[ly * sourceRowPixels + lx]
                }
            }
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

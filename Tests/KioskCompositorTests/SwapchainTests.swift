import KioskCompositor
import KioskGraphics
import KioskPlatform
import Testing

struct SwapchainTests {
    @Test func eachBufferCatchesUpOnWhatItMissed() throws {
        let output = MemoryOutput(width: 64, height: 32, bufferCount: 2)
        let swapchain = Swapchain(output: output)
        let shadow = Surface(width: 64, height: 32, format: .xrgb8888)
        // First presents copy everything: fresh buffers have missed it all.
        #expect(try swapchain.present(from: shadow, damage: Region(PixelRect(x: 0, y: 0, width: 64, height: 32))) == 64 * 32)
        #expect(try swapchain.present(from: shadow, damage: Region(PixelRect(x: 0, y: 0, width: 4, height: 4))) == 64 * 32)
        // Buffer 0 missed the 4x4 damage of the frame shown from buffer 1: 16 + the new 8x1.
        #expect(swapchain.missedDamage(ofBuffer: 0).area == 16)
        #expect(try swapchain.present(from: shadow, damage: Region(PixelRect(x: 10, y: 10, width: 8, height: 1))) == 24)
        #expect(swapchain.age(ofBuffer: 1) == 1)
        #expect(swapchain.age(ofBuffer: 0) == 0 || swapchain.age(ofBuffer: 0) == 0)
        #expect(output.lastPresentedDamage.area == 8)
    }

    @Test func rotationWritesTheBufferRotated() throws {
        let output = MemoryOutput(width: 4, height: 2, bufferCount: 1)
        let swapchain = Swapchain(output: output, rotation: .clockwise90)
        #expect(swapchain.logicalPixelSize == (width: 2, height: 4))
        let shadow = Surface(width: 2, height: 4, format: .xrgb8888)
        let canvas = Canvas(surface: shadow)
        canvas.fill(Rect(x: 0, y: 0, width: 2, height: 4), color: RGBA(hex: 0x000000))
        canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: RGBA(hex: 0xFF0000))   // the UI's top-left
        try swapchain.present(from: shadow, damage: Region(PixelRect(x: 0, y: 0, width: 2, height: 4)))
        // Rotated 90° clockwise, the UI's top-left lands in the buffer's top-right.
        #expect(output.surfaces[0].pixel(x: 3, y: 0) == 0xFFFF_0000)
        #expect(output.surfaces[0].pixel(x: 0, y: 0) == 0xFF00_0000)
        #expect(Rotation.clockwise90.logicalPoint(forBufferPoint: Point(x: 3.5, y: 0.5), bufferWidth: 4, bufferHeight: 2)
                == Point(x: 0.5, y: 0.5))
    }
}

import KioskGraphics
import KioskPlatform
import Testing
@testable import KioskDRM

/// The diagnostic pattern writes only damage, per buffer; a stale bar would show on screen.
struct TestPatternTests {
    final class MemoryBuffer {
        let storage: UnsafeMutableRawPointer
        let buffer: ScanoutBuffer
        init(width: Int, height: Int) {
            storage = .allocate(byteCount: width * height * 4, alignment: 16)
            storage.initializeMemory(as: UInt32.self, repeating: 0xDEAD_BEEF, count: width * height)
            buffer = ScanoutBuffer(pixels: storage, stride: width * 4, width: width, height: height)
        }
        isolated deinit { storage.deallocate() }
        func pixel(_ x: Int, _ y: Int) -> UInt32 {
            storage.load(fromByteOffset: (y * buffer.width + x) * 4, as: UInt32.self)
        }
    }

    let width = 320, height = 240

    @Test func theFirstFrameInABufferPaintsEverything() {
        var pattern = TestPattern(width: width, height: height, bufferCount: 2)
        let memory = MemoryBuffer(width: width, height: height)
        let damage = pattern.draw(barAt: 100, into: memory.buffer, index: 0)
        #expect(damage == Region(PixelRect(x: 0, y: 0, width: width, height: height)))
        #expect(memory.pixel(5, 5) == TestPattern.cornerColors[0])
        #expect(memory.pixel(width - 5, height - 5) == TestPattern.cornerColors[3])
        #expect(memory.pixel(120, height / 2) == TestPattern.bar)
        #expect(memory.pixel(200, height / 2) == TestPattern.background)
    }

    @Test func laterFramesWriteOnlyTheOldAndNewBarOfThatBuffer() {
        var pattern = TestPattern(width: width, height: height, bufferCount: 2)
        let front = MemoryBuffer(width: width, height: height), back = MemoryBuffer(width: width, height: height)
        _ = pattern.draw(barAt: 0, into: front.buffer, index: 0)
        _ = pattern.draw(barAt: 8, into: back.buffer, index: 1)
        let damage = pattern.draw(barAt: 16, into: front.buffer, index: 0)

        var expected = Region(pattern.barRect(atX: 0))
        expected.add(pattern.barRect(atX: 16))
        #expect(damage == expected)
        #expect(front.pixel(2, height / 2) == TestPattern.background)   // the bar this buffer showed is gone
        #expect(front.pixel(70, height / 2) == TestPattern.bar)
        #expect(front.pixel(90, height / 2) == TestPattern.background)
    }

    @Test func redrawingTheSamePositionWritesNothing() {
        var pattern = TestPattern(width: width, height: height, bufferCount: 1)
        let memory = MemoryBuffer(width: width, height: height)
        _ = pattern.draw(barAt: 40, into: memory.buffer, index: 0)
        #expect(pattern.draw(barAt: 40, into: memory.buffer, index: 0).isEmpty)
    }

    @Test func theBarStaysOnScreenAndTheFinalFrameCentresIt() {
        let pattern = TestPattern(width: width, height: height, bufferCount: 2)
        for frame in 0..<200 {
            let x = pattern.barX(forFrame: frame)
            #expect(x >= 0 && x + TestPattern.barWidth <= width)
        }
        #expect(pattern.finalBarX == (width - TestPattern.barWidth) / 2)
    }
}

struct DisplayCheckArgumentTests {
    @Test func readsEveryOption() throws {
        let options = try DisplayCheckCommand.parse(["--device", "/dev/dri/card1", "--connector", "HDMI-A-1",
                                                     "--mode", "1280x800@60", "--legacy", "--pattern", "3", "--hold", "1.5",
                                                     "--watch-hotplug", "2"])
        #expect(options.device == "/dev/dri/card1")
        #expect(options.connector == "HDMI-A-1")
        #expect(options.mode == DisplayModeRequest(width: 1280, height: 800, refreshRate: 60))
        #expect(options.legacy)
        #expect(options.patternSeconds == 3)
        #expect(options.holdSeconds == 1.5)
        #expect(options.watchSeconds == 2)
    }

    @Test func rejectsUnknownAndIncompleteArguments() {
        #expect(throws: DisplayCheckCommand.UsageError.self) { try DisplayCheckCommand.parse(["--fast"]) }
        #expect(throws: DisplayCheckCommand.UsageError.self) { try DisplayCheckCommand.parse(["--pattern"]) }
        #expect(throws: DisplayCheckCommand.UsageError.self) { try DisplayCheckCommand.parse(["--hold", "-1"]) }
        #expect(throws: DRMError.malformedModeRequest("huge")) { try DisplayCheckCommand.parse(["--mode", "huge"]) }
    }
}

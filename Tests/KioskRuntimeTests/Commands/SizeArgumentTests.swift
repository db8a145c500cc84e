import KioskGraphics
import KioskRuntime
import Testing

/// `--size WxH` takes the sizes `display.size` takes: a screen of no pixels, or one larger than
/// memory should hold, is a usage error rather than a crash.
struct SizeArgumentTests {
    @Test func aSizeWithinTheDisplayRangeIsRead() throws {
        #expect(try Arguments(["--size", "1280x800"]).size("size") == Size(width: 1280, height: 800))
        #expect(try Arguments(["--size", "8192x16"]).size("size") == Size(width: 8192, height: 16))
    }

    @Test(arguments: ["0x0", "12000x12000", "40000x10", "nanx10", "800"])
    func aSizeOutsideItIsAUsageError(_ text: String) {
        #expect(throws: UsageError.self) { try Arguments(["--size", text]).size("size") }
    }
}

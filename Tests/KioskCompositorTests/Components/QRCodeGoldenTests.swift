import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// `qr_code` as it looks: a code at the defaults, one at level H with a narrow quiet zone and dark
/// blue modules, and the empty square a text too long leaves. The code neither follows the
/// appearance nor mirrors right to left (a mirrored code does not scan): light, dark, text scale
/// 1.5 and RTL differ only around it. Goldens: Tests/KioskCompositorTests/Golden/ui-qr_code-*.png.
@MainActor
struct QRCodeGoldenTests {
    typealias Configuration = ComponentGoldenTests.Configuration

    nonisolated static let configurations = Configuration.standard + [Configuration.rightToLeft]

    func render(_ configuration: Configuration) throws -> Surface {
        let root = View()
        root.backgroundColor = .systemBackground
        let standard = QRCodeView(text: "https://example.com/pay?order=1042")
        standard.frame = Rect(x: 20, y: 20, width: 120, height: 120)
        let high = QRCodeView(text: "Table 12", errorCorrection: .high)
        high.quietZone = 1
        high.darkColor = Color(hex: 0x0B3D91)
        high.frame = Rect(x: 160, y: 20, width: 120, height: 120)
        let tooLong = QRCodeView(text: String(repeating: "x", count: 3000))
        tooLong.frame = Rect(x: 300, y: 20, width: 120, height: 120)
        for view in [standard, high, tooLong] { root.addSubview(view) }
        let driver = HeadlessDriver(size: Size(width: 440, height: 160), environment: configuration.environment, rootView: root)
        try driver.settle()
        return try driver.snapshot()
    }

    @Test(arguments: configurations)
    func qrCodeMatchesItsGolden(_ configuration: Configuration) throws {
        try GoldenImage.assertMatches(try render(configuration), named: "ui-qr_code-\(configuration)")
    }

    /// Right to left, the codes are the same pixels: a mirrored code does not scan.
    @Test func rightToLeftDoesNotMirrorTheCode() throws {
        let leftToRight = try render(Configuration(appearance: .light, textScale: 1))
        let rightToLeft = try render(Configuration.rightToLeft)
        for y in 0..<leftToRight.height {
            for x in 0..<leftToRight.width where leftToRight.pixel(x: x, y: y) != rightToLeft.pixel(x: x, y: y) {
                Issue.record("pixel (\(x), \(y)) differs right to left")
                return
            }
        }
    }

    /// In the dark appearance only the panel around the codes changes: the codes keep their colours.
    @Test func darkAppearanceKeepsTheCodesColours() throws {
        let light = try render(Configuration(appearance: .light, textScale: 1))
        let dark = try render(Configuration(appearance: .dark, textScale: 1))
        var differing = 0
        // The first code's square: 37 modules of 3 pixels, from (24, 24).
        for y in 24..<135 {
            for x in 24..<135 where light.pixel(x: x, y: y) != dark.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0)
        #expect(light.pixel(x: 5, y: 5) != dark.pixel(x: 5, y: 5))
    }
}

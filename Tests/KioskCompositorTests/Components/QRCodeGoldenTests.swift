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

    @Test(arguments: configurations)
    func qrCodeMatchesItsGolden(_ configuration: Configuration) throws {
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
        try GoldenImage.assertMatches(try driver.snapshot(), named: "ui-qr_code-\(configuration)")
    }
}

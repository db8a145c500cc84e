import Foundation
import KioskCompositor
import KioskConfig
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// `qr_code` panels as a phone would see them: rendered headless, written as a PNG and read back by
/// zbarimg (Debian's zbar-tools, installed by `make deps`), and every pixel of the code exactly
/// dark or light.
@MainActor
struct QRCodeRenderingTests {
    nonisolated static let longText = (0..<12).map { line in
        "Order \(1000 + line): 2 × coffee, 1 × croissant, table \(line + 3); paid by card. "
    }.joined()

    nonisolated static let texts: [String] = [
        "https://example.com/pay?order=1042",
        longText,
        "Größe – 駐車 – ✓",
    ]

    /// A panel with one code, loaded from YAML the way `kiosk snapshot` loads a file.
    func session(text: String, extra: String = "", padding: Double = 20, scale: Double = 1,
                 appearance: Appearance? = nil) throws -> HeadlessPanelSession {
        let yaml = """
            display:
              scale: \(scale)
            panels:
              home:
                root:
                  type: stack
                  padding: \(padding)
                  children:
                    - type: qr_code
                      id: code
                      text: "\(text)"
                      size: [400, 400]
                      \(extra)
            """
        let config = try ConfigLoader().load(text: yaml).get()
        let session = HeadlessPanelSession(config: config, configPath: "qr.yaml", size: Size(width: 480, height: 480),
                                           appearance: appearance)
        try session.renderUntilIdle()
        return session
    }

    /// What zbarimg reads in a picture, without the newline it ends each symbol with.
    func decode(_ picture: Surface) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("code.png").path
        try picture.writePNG(to: path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["zbarimg", "--raw", "-q", "--nodbus", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "zbarimg exited with \(process.terminationStatus) (4: no code found; 127: not installed, run `make deps`)")
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    @Test(arguments: texts)
    func zbarimgReadsBackTheText(_ text: String) throws {
        #expect(text.count < 100 || text.count >= 500)
        let picture = try session(text: text).snapshot()
        #expect(try decode(picture) == text)
    }

    @Test func aDarkPanelKeepsTheCodeDarkOnLightAndReadable() throws {
        let session = try session(text: Self.texts[2], appearance: .dark)
        #expect(try decode(try session.snapshot()) == Self.texts[2])
    }

    @Test(arguments: QRCode.ErrorCorrection.allCases)
    func everyLevelIsReadable(_ level: QRCode.ErrorCorrection) throws {
        let session = try session(text: "Kiosk 7 – table 12", extra: "error_correction: \(level.rawValue)")
        #expect(try decode(try session.snapshot()) == "Kiosk 7 – table 12")
    }

    /// The code's square in screen pixels.
    func codeSquare(in session: HeadlessPanelSession, scale: Double = 1) throws -> PixelRect {
        let view = try #require(session.display.screen.view(withID: "code") as? QRCodeView)
        let toDevice = view.transformToScreen
        let (square, _) = try #require(view.symbolLayout(in: toDevice))
        let topLeft = toDevice.apply(to: Point(x: square.minX, y: square.minY))
        return PixelRect(x: Int(topLeft.x.rounded()), y: Int(topLeft.y.rounded()),
                         width: Int((square.width * scale).rounded()), height: Int((square.height * scale).rounded()))
    }

    /// No grey anywhere, even when the view sits at a fraction of a pixel.
    @Test(arguments: [Appearance.light, .dark], [20, 20.5, 13.25])
    func everyPixelOfTheCodeIsBlackOrWhite(_ appearance: Appearance, _ padding: Double) throws {
        let session = try session(text: Self.longText, padding: padding, appearance: appearance)
        try expectOnlyBlackAndWhite(in: try codeSquare(in: session), of: try session.snapshot())
    }

    /// At a display scale that is not whole, modules are still whole device pixels, and the code reads.
    @Test(arguments: [1.5, 1.25, 2])
    func aFractionalDisplayScaleKeepsModulesWhole(_ scale: Double) throws {
        let session = try session(text: Self.longText, padding: 20.5, scale: scale)
        let picture = try session.snapshot()
        #expect(picture.width == Int(480 * scale))
        try expectOnlyBlackAndWhite(in: try codeSquare(in: session, scale: scale), of: picture)
        #expect(try decode(picture) == Self.longText)
    }

    func expectOnlyBlackAndWhite(in square: PixelRect, of picture: Surface) throws {
        #expect(square.width > 100 && square.width == square.height, "square \(square)")
        var counts: [UInt32: Int] = [:]
        for y in square.y..<(square.y + square.height) {
            for x in square.x..<(square.x + square.width) { counts[picture.pixel(x: x, y: y), default: 0] += 1 }
        }
        #expect(Set(counts.keys) == [0xFF00_0000, 0xFFFF_FFFF], "colours found: \(counts.keys.map { String($0, radix: 16) })")
        // The quiet zone is light all around: the outermost rows and columns of the square.
        let last = square.width - 1
        for i in 0...last {
            for (x, y) in [(i, 0), (i, last), (0, i), (last, i)] {
                #expect(picture.pixel(x: square.x + x, y: square.y + y) == 0xFFFF_FFFF, "quiet zone at (\(x), \(y))")
            }
        }
    }
}

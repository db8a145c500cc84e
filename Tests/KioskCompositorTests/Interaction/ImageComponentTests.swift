import Foundation
import KioskCompositor
import KioskConfig
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// The picture files under Tests/Fixtures/Images.
enum ImageFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Images")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func content(_ name: String) throws -> ImageContent {
        try ImageFileCache.decode([UInt8](Data(contentsOf: directory.appendingPathComponent(name))), name: name)
    }
}

private func isClose(_ pixel: UInt32, to rgb: (Int, Int, Int), within tolerance: Int = 24) -> Bool {
    abs(Int(pixel >> 16 & 0xFF) - rgb.0) <= tolerance && abs(Int(pixel >> 8 & 0xFF) - rgb.1) <= tolerance
        && abs(Int(pixel & 0xFF) - rgb.2) <= tolerance
}

/// JPEG and SVG pictures in image views: goldens, fit modes, the device scale, and the avatar and
/// text field showing picture files as they are.
@MainActor
struct ImageComponentTests {
    enum Picture: String, CaseIterable, Sendable {
        case jpeg, svg
    }

    nonisolated static let goldenCases: [(Picture, ComponentGoldenTests.Configuration)] = Picture.allCases.flatMap { picture in
        (ComponentGoldenTests.Configuration.standard + [ComponentGoldenTests.Configuration.rightToLeft]).map { (picture, $0) }
    }

    /// contain, cover and fill side by side, and for the SVG one more at 24 × 24.
    func build(_ picture: Picture, in root: View) throws {
        let content = try ImageFixtures.content(picture == .jpeg ? "photo.jpg" : "badge.svg")
        for (index, mode) in [ContentMode.fit, .fill, .stretch].enumerated() {
            let view = ImageView(content: content)
            view.contentMode = mode
            view.backgroundColor = .secondarySystemBackground
            // The photo is 4:3 and the badge square: a portrait frame for one, a landscape one for the
            // other, so that each mode shows its difference.
            view.frame = picture == .jpeg ? Rect(x: 16 + Double(index) * 104, y: 12, width: 64, height: 80)
                : Rect(x: 16 + Double(index) * 104, y: 16, width: 96, height: 72)
            root.addSubview(view)
        }
        let label = Label(picture == .jpeg ? "contain · cover · fill" : "SVG", style: .caption1, color: .label)
        label.frame = Rect(x: 16, y: 96, width: 200, height: 20)
        root.addSubview(label)
        if picture == .svg {
            let small = ImageView(content: content)
            small.frame = Rect(x: 280, y: 96, width: 24, height: 24)
            root.addSubview(small)
        }
    }

    @Test(arguments: goldenCases)
    func pictureMatchesItsGolden(_ picture: Picture, _ configuration: ComponentGoldenTests.Configuration) throws {
        let root = View()
        root.backgroundColor = .systemBackground
        try build(picture, in: root)
        let driver = HeadlessDriver(size: Size(width: 336, height: 128), environment: configuration.environment, rootView: root)
        try driver.settle()
        try GoldenImage.assertMatches(try driver.snapshot(), named: "ui-image-\(picture.rawValue)-\(configuration)")
    }

    /// The JPEG's quadrants (red, green / blue, yellow) where each mode puts them.
    @Test func fitModesPlaceThePictureAsNamed() throws {
        let root = View()
        root.backgroundColor = Color(hex: 0xFFFFFF)
        let content = try ImageFixtures.content("photo.jpg")
        for (index, mode) in [ContentMode.fit, .fill, .stretch].enumerated() {
            let view = ImageView(content: content)
            view.contentMode = mode
            view.frame = Rect(x: Double(index) * 100, y: 0, width: 64, height: 96)
            root.addSubview(view)
        }
        let driver = HeadlessDriver(size: Size(width: 300, height: 96), rootView: root)
        try driver.settle()
        let shot = try driver.snapshot()
        // contain: 64 × 48 centred, white above and below.
        #expect(isClose(shot.pixel(x: 32, y: 10), to: (255, 255, 255), within: 2))
        #expect(isClose(shot.pixel(x: 8, y: 28), to: (216, 60, 40)))
        #expect(isClose(shot.pixel(x: 32, y: 86), to: (255, 255, 255), within: 2))
        // cover: 128 × 96 centred and clipped: the view's left edge is the red/blue half's middle.
        #expect(isClose(shot.pixel(x: 102, y: 4), to: (216, 60, 40)))
        #expect(isClose(shot.pixel(x: 161, y: 4), to: (40, 166, 70)))
        #expect(isClose(shot.pixel(x: 102, y: 92), to: (40, 80, 174)))
        #expect(isClose(shot.pixel(x: 170, y: 50), to: (255, 255, 255), within: 2), "nothing drawn past the view")
        // fill: stretched to 64 × 96, every corner its quadrant.
        #expect(isClose(shot.pixel(x: 202, y: 2), to: (216, 60, 40)))
        #expect(isClose(shot.pixel(x: 261, y: 2), to: (40, 166, 70)))
        #expect(isClose(shot.pixel(x: 202, y: 93), to: (40, 80, 174)))
        #expect(isClose(shot.pixel(x: 261, y: 93), to: (204, 164, 40)))
    }

    /// At scale 2 a 24-point SVG is drawn from its vectors at 48 pixels: the same pixels as the
    /// document rendered at 48 × 48, not a 24-pixel bitmap scaled up (whose edges blur).
    @Test func anSVGIsRenderedAtTheDeviceScale() throws {
        guard case .vector(let document) = try ImageFixtures.content("badge.svg") else { Issue.record("a vector"); return }
        let root = View()
        root.backgroundColor = Color(hex: 0xFFFFFF)
        let view = ImageView(content: .vector(document))
        view.frame = Rect(x: 0, y: 0, width: 24, height: 24)
        root.addSubview(view)
        let driver = HeadlessDriver(size: Size(width: 24, height: 24), scale: 2, rootView: root)
        try driver.settle()
        let shot = try driver.snapshot()
        #expect(shot.width == 48)
        let expected = Surface(width: 48, height: 48)
        Canvas(surface: expected).fill(Rect(x: 0, y: 0, width: 48, height: 48), color: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        let vectors = document.rendered(width: 48, height: 48)
        Canvas(surface: expected).draw(vectors, in: Rect(x: 0, y: 0, width: 48, height: 48))
        let upscaled = Surface(width: 48, height: 48)
        Canvas(surface: upscaled).fill(Rect(x: 0, y: 0, width: 48, height: 48), color: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        Canvas(surface: upscaled).draw(document.rendered(width: 24, height: 24), in: Rect(x: 0, y: 0, width: 48, height: 48))
        var fromVectors = 0, fromBitmap = 0
        for y in 0..<48 {
            for x in 0..<48 {
                if maxChannelDifference(shot.pixel(x: x, y: y), expected.pixel(x: x, y: y)) > 2 { fromVectors += 1 }
                if maxChannelDifference(shot.pixel(x: x, y: y), upscaled.pixel(x: x, y: y)) > 2 { fromBitmap += 1 }
            }
        }
        #expect(fromVectors == 0)
        #expect(fromBitmap > 50, "the scaled-up bitmap differs along every edge")
    }

    private func maxChannelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        [16, 8, 0].map { abs(Int(a >> $0 & 0xFF) - Int(b >> $0 & 0xFF)) }.max()!
    }

    // MARK: Picture files named in YAML

    /// The panel's root widget shown at `size` on white, and the problems its widgets reported.
    /// `checkingFiles: false` loads it as the kiosk would find it after a file went missing.
    func panel(_ yaml: String, size: Size = Size(width: 320, height: 200),
               checkingFiles: Bool = true) throws -> (HeadlessDriver, View, [String]) {
        let text = "panels:\n  home:\n    root:\n" + yaml.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n")
        let result = ConfigLoader().load(bytes: Array(text.utf8), file: ImageFixtures.path("panel.yaml"),
                                         imageDirectory: checkingFiles ? ImageFixtures.directory.path : nil)
        let config = try result.get()
        var problems: [String] = []
        let reconciler = Reconciler(resolver: TextResolver(strings: StringTables(), locale: "en"), baseDirectory: ImageFixtures.directory.path)
        reconciler.onProblem = { problems.append($0) }
        let node = reconciler.make(config.panels[0].root)
        let root = View()
        root.backgroundColor = Color(hex: 0xFFFFFF)
        node.view.frame = Rect(origin: .zero, size: size)
        root.addSubview(node.view)
        let driver = HeadlessDriver(size: size, rootView: root)
        try driver.settle()
        return (driver, node.view, problems)
    }

    /// The avatar's photo (orange above, teal below) in its own colours: it used to be filled with
    /// the placeholder's grey through its alpha, a flat grey disc.
    @Test func anAvatarShowsItsPhotoUntinted() throws {
        let (driver, view, problems) = try panel("{type: avatar, image: photo.png, username: ana}")
        #expect(problems.isEmpty)
        let shot = try driver.snapshot()
        let avatar = try #require(view as? AvatarView)
        let origin = avatar.imageView.convert(Point(x: 0, y: 0), to: nil)
        let disc = Rect(origin: origin, size: avatar.imageView.bounds.size)
        #expect(disc.width > 20)
        #expect(isClose(shot.pixel(x: Int(disc.midX), y: Int(disc.minY + disc.height * 0.25)), to: (255, 140, 0), within: 3))
        #expect(isClose(shot.pixel(x: Int(disc.midX), y: Int(disc.minY + disc.height * 0.75)), to: (0, 150, 140), within: 3))
        #expect(avatar.imageView.tint == nil)
        avatar.imageContent = nil
        #expect(avatar.imageView.tint == Color(.systemGray), "the placeholder symbol keeps its grey")
    }

    /// `icon: photo.png` draws the PNG's pixels in the icon's 24 × 24 place; it used to be read as
    /// a symbol name, found none, and drew nothing.
    @Test func aTextFieldIconMayBeAPNG() throws {
        let (driver, view, problems) = try panel("{type: text_field, icon: photo.png, placeholder: Email}",
                                                 size: Size(width: 280, height: 44))
        #expect(problems.isEmpty)
        let shot = try driver.snapshot()
        // The icon sits 12 points in from the leading edge, centred on the 44-point box.
        #expect(isClose(shot.pixel(x: 24, y: 14), to: (255, 140, 0), within: 3))
        #expect(isClose(shot.pixel(x: 24, y: 30), to: (0, 150, 140), within: 3))
        let field = try #require(view as? TextField)
        #expect(field.icon == nil && field.iconImage != nil)
    }

    @Test func aPictureThatCannotBeReadIsReportedOnceAndShowsNothing() throws {
        let (_, view, problems) = try panel("""
            {type: stack, children: [{type: image, source: missing.png}, {type: image, source: missing.png}]}
            """, checkingFiles: false)
        #expect(problems.count == 1, "two views of one missing file: one line in the log")
        #expect(problems.first?.contains("missing.png") == true && problems.first?.contains("does not exist") == true)
        let image = try #require(view.subviews.first as? ImageView)
        #expect(image.content == nil)
    }
}

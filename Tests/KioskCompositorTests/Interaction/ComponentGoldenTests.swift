import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// Every interactive component as it looks, in light and dark, at text scale 1 and 1.5, and
/// right to left where direction matters. Goldens live in Tests/KioskCompositorTests/Golden/ui-*.png.
@MainActor
struct ComponentGoldenTests {
    struct Configuration: CustomStringConvertible, Sendable {
        var appearance: Appearance
        var textScale: Double
        var direction: LayoutDirection = .leftToRight

        var environment: Environment {
            Environment(appearance: appearance, textScale: textScale, layoutDirection: direction)
        }

        var description: String {
            "\(appearance == .dark ? "dark" : "light")-\(textScale == 1 ? "1x" : "1.5x")\(direction == .rightToLeft ? "-rtl" : "")"
        }

        nonisolated static let standard: [Configuration] = [
            Configuration(appearance: .light, textScale: 1), Configuration(appearance: .dark, textScale: 1),
            Configuration(appearance: .light, textScale: 1.5), Configuration(appearance: .dark, textScale: 1.5),
        ]
        nonisolated static let rightToLeft = Configuration(appearance: .light, textScale: 1, direction: .rightToLeft)
    }

    enum Component: String, CaseIterable, Sendable {
        case button, tappableCard, slider, markedSlider, toggle, avatar, textField, textFieldError, underlinedTextField,
             textView, keyboard, alert, symbols, materialDesignIcons

        /// Whether the component looks different right to left.
        nonisolated var mirrors: Bool { [.slider, .markedSlider, .toggle, .textField, .underlinedTextField, .textView, .alert].contains(self) }

        /// Whether a right-to-left golden is kept: where the component mirrors, and for the icons,
        /// which must not (a right-to-left panel shows the same glyphs).
        nonisolated var hasRightToLeftGolden: Bool { mirrors || self == .materialDesignIcons }

        var canvasSize: Size {
            switch self {
            case .keyboard: Size(width: 480, height: 260)
            case .alert: Size(width: 400, height: 300)
            case .tappableCard: Size(width: 340, height: 160)
            case .textView, .avatar: Size(width: 300, height: 160)
            default: Size(width: 320, height: 100)
            }
        }

        func build(in root: View) {
            let area = Rect(x: 20, y: 20, width: canvasSize.width - 40, height: canvasSize.height - 40)
            func add(_ view: View, _ frame: Rect) { view.frame = frame; root.addSubview(view) }
            switch self {
            case .button:
                add(Button(title: "Save"), Rect(x: 20, y: 28, width: 120, height: 44))
                add(Button(title: "Cancel", style: .bordered), Rect(x: 160, y: 28, width: 120, height: 44))
            case .tappableCard:
                add(TappableCard(title: "Orders", subtitle: "12 waiting"), area)
            case .slider:
                add(Slider(value: 0.3), Rect(x: 20, y: 28, width: 280, height: 44))
            case .markedSlider:
                add(MarkedSlider(minimum: 0, maximum: 100, step: 25, value: 50), Rect(x: 20, y: 28, width: 280, height: 44))
            case .toggle:
                add(Switch(isOn: true), Rect(x: 20, y: 34, width: 51, height: 31))
                add(Switch(isOn: false), Rect(x: 100, y: 34, width: 51, height: 31))
            case .avatar:
                add(AvatarView(userID: "1", username: "ana"), Rect(x: 20, y: 20, width: 80, height: 100))
                add(ImageView(symbol: .personCircleFill, tint: .systemBlue), Rect(x: 140, y: 20, width: 64, height: 64))
            case .textField:
                add(TextField(text: "ana@kiosk.es", placeholder: "Email", icon: .envelope), Rect(x: 20, y: 28, width: 280, height: 44))
            case .textFieldError:
                let field = TextField(text: "ana@", placeholder: "Email", icon: .envelope)
                field.error = "Enter an email address"
                add(field, Rect(x: 20, y: 20, width: 280, height: 64))
            case .underlinedTextField:
                add(UnderlinedTextField(placeholder: "Name"), Rect(x: 20, y: 32, width: 280, height: 35))
            case .textView:
                add(TextView(text: "Lines wrap at the width of the view, and the view scrolls when the text grows taller."),
                    Rect(x: 20, y: 20, width: 260, height: 120))
            case .keyboard:
                add(OnScreenKeyboard(layout: .spanish), Rect(x: 0, y: 0, width: 480, height: 260))
            case .alert:
                break
            case .symbols:
                for (index, symbol) in Symbol.allCases.enumerated() {
                    add(ImageView(symbol: symbol), Rect(x: 10 + Double(index % 11) * 28, y: 22 + Double(index / 11) * 32,
                                                        width: 24, height: 24))
                }
            case .materialDesignIcons:
                // Glyphs of the font at three sizes, in the label colour and in tints, beside a
                // built-in symbol of the same size.
                let names = ["mdi:parking", "mdi:thermometer", "mdi:car", "mdi:wifi", "mdi:lightbulb", "mdi:home"]
                for (index, name) in names.enumerated() {
                    let icon = Icon(named: name)!
                    add(ImageView(icon: icon), Rect(x: 10 + Double(index) * 28, y: 14, width: 24, height: 24))
                    add(ImageView(icon: icon, tint: .systemBlue), Rect(x: 180 + Double(index % 3) * 44, y: 10 + Double(index / 3) * 44,
                                                                    width: 36, height: 36))
                }
                add(ImageView(icon: Icon(named: "mdi:thermometer")!, tint: .systemRed), Rect(x: 10, y: 46, width: 48, height: 48))
                add(ImageView(symbol: .clock, tint: .systemRed), Rect(x: 66, y: 46, width: 48, height: 48))
                add(ImageView(icon: Icon(named: "mdi:clock")!, tint: .systemRed), Rect(x: 122, y: 46, width: 48, height: 48))
            }
        }
    }

    nonisolated static let cases: [(Component, Configuration)] =
        Component.allCases.flatMap { component in
            Configuration.standard.map { (component, $0) } + (component.hasRightToLeftGolden ? [(component, Configuration.rightToLeft)] : [])
        }

    @Test(arguments: cases)
    func componentMatchesItsGolden(_ component: Component, _ configuration: Configuration) throws {
        let root = View()
        root.backgroundColor = .systemBackground
        component.build(in: root)
        let driver = HeadlessDriver(size: component.canvasSize, environment: configuration.environment, rootView: root)
        if component == .alert {
            Alert(title: "Saved", message: "Your settings were saved.",
                  actions: [Alert.Action(title: "Undo"), Alert.Action(title: "OK")]).present(on: driver.screen)
        }
        try driver.settle()
        try GoldenImage.assertMatches(try driver.snapshot(), named: "ui-\(component.rawValue)-\(configuration)")
    }
}

import KioskGraphics
import KioskUI

/// The reference dashboard: six cards on a gradient, with a progress ring and a marked slider.
/// It is what `kiosk snapshot` shows without a config and what `kiosk-bench` measures.
public struct ReferenceDashboard {
    public static let size = Size(width: 1280, height: 800)

    public let root: View
    public let ring: ProgressView
    public let slider: MarkedSlider
    public let brightnessLabel: Label

    private static let ink = Color(light: RGBA(hex: 0x0F172A), dark: RGBA(hex: 0xF1F5F9))
    private static let mutedInk = Color(light: RGBA(hex: 0x475569), dark: RGBA(hex: 0x94A3B8))

    public init() {
        let background = GradientView(top: Color(light: RGBA(hex: 0xEEF2F7), dark: RGBA(hex: 0x1E293B)),
                                      bottom: Color(light: RGBA(hex: 0xCBD5E1), dark: RGBA(hex: 0x0F172A)))
        background.id = "dashboard"
        root = background

        let title = Self.label("Plant overview", size: 28, weight: .semibold, color: Self.ink)
        title.frame = Rect(x: 32, y: 20, width: 800, height: 40)
        root.addSubview(title)

        let cardTitles = ["Production", "Temperature", "Orders in queue", "Line status", "Display", "Next shift"]
        var cards: [View] = []
        for (index, name) in cardTitles.enumerated() {
            let card = View(frame: Rect(x: [32.0, 446, 860][index % 3], y: index < 3 ? 84 : 418, width: 387, height: 310))
            card.id = "card\(index + 1)"
            card.backgroundColor = Color(.tertiarySystemBackground)
            card.cornerRadius = 12
            card.shadow = ViewShadow(color: .black, opacity: 0.2, offset: Size(width: 0, height: 4), radius: 16)
            let heading = Self.label(name, size: 20, weight: .semibold, color: Self.ink)
            heading.frame = Rect(x: 20, y: 16, width: 347, height: 28)
            card.addSubview(heading)
            root.addSubview(card)
            cards.append(card)
        }

        ring = ProgressView(value: 0.42)
        ring.id = "ring"
        ring.lineWidth = 15
        ring.frame = Rect(x: 93.5, y: 64, width: 200, height: 200)
        cards[0].addSubview(ring)

        Self.addLines([("21.4 °C", 56, Font.Weight.bold, Self.ink), ("Hall B · setpoint 21.0 °C", 17, .regular, Self.mutedInk),
                       ("Humidity 46 %", 17, .regular, Self.mutedInk)], to: cards[1], top: 84)
        Self.addLines([("12", 56, .bold, Self.ink), ("3 urgent · 9 standard", 17, .regular, Self.mutedInk),
                       ("Oldest waiting 14 min", 17, .regular, Self.mutedInk)], to: cards[2], top: 84)
        Self.addLines([("Running", 40, .bold, Color(.systemGreen)), ("Line 1 · 1,240 units/h", 17, .regular, Self.mutedInk),
                       ("Line 2 · 1,180 units/h", 17, .regular, Self.mutedInk), ("Line 3 · maintenance 14:00", 17, .regular, Self.mutedInk)],
                      to: cards[3], top: 80)

        brightnessLabel = Self.label("Brightness 65%", size: 17, weight: .regular, color: Self.mutedInk)
        brightnessLabel.id = "brightness-label"
        brightnessLabel.frame = Rect(x: 20, y: 120, width: 347, height: 24)
        cards[4].addSubview(brightnessLabel)
        slider = MarkedSlider(minimum: 0, maximum: 100, step: 10, value: 65)
        slider.id = "brightness"
        slider.frame = Rect(x: 20, y: 160, width: 347, height: 44)
        cards[4].addSubview(slider)

        Self.addLines([("06:00 – 14:00", 40, .bold, Self.ink), ("Team A · 18 operators", 17, .regular, Self.mutedInk),
                       ("Handover in 2 h 10 min", 17, .regular, Self.mutedInk)], to: cards[5], top: 84)

        let footer = Self.label("Updated 14:32 · all systems normal", size: 14, weight: .regular, color: Self.mutedInk)
        footer.textAlignment = .center
        footer.frame = Rect(x: 0, y: 750, width: 1280, height: 20)
        root.addSubview(footer)
    }

    private static func label(_ text: String, size: Double, weight: Font.Weight, color: Color) -> Label {
        let label = Label(text, color: color)
        label.font = Font(size: size, weight: weight)
        label.numberOfLines = 1
        return label
    }

    private static func addLines(_ lines: [(String, Double, Font.Weight, Color)], to card: View, top: Double) {
        var y = top
        for (text, size, weight, color) in lines {
            let line = label(text, size: size, weight: weight, color: color)
            let height = (size * 1.35).rounded(.up)
            line.frame = Rect(x: 20, y: y, width: 347, height: height)
            card.addSubview(line)
            y += height + 8
        }
    }
}

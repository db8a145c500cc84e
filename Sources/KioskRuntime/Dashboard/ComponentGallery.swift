import KioskGraphics
import KioskUI

/// Every component on one page, for the README and for a quick look at a theme:
/// `kiosk snapshot --gallery --out gallery.png [--appearance dark]`.
public struct ComponentGallery {
    public static let size = Size(width: 1280, height: 800)

    public let root: View

    public init() {
        root = View()
        root.backgroundColor = Color(.secondarySystemBackground)

        place(caption: "card", CardView(title: "Daily report", subtitle: "Updated 5 minutes ago"),
              Rect(x: 24, y: 40, width: 260, height: 120))
        place(caption: "progress", ProgressView(value: 0.42), Rect(x: 316, y: 40, width: 140, height: 140))
        let avatar = AvatarView(userID: "u-17", username: "Ana Ruiz")
        place(caption: "avatar", avatar, Rect(x: 488, y: 40, width: 96, height: 124))

        let buttons = StackView(axis: .vertical, spacing: 10, alignment: .fill, [
            Button(title: "Pay now"), Button(title: "Details", style: .bordered), Button(title: "Cancel", style: .plain),
        ])
        place(caption: "button", buttons, Rect(x: 616, y: 40, width: 160, height: 140))
        place(caption: "tappable_card", TappableCard(title: "Orders", subtitle: "12 waiting", background: Color(.systemIndigo)),
              Rect(x: 808, y: 40, width: 220, height: 120))
        let switches = StackView(axis: .vertical, spacing: 16, alignment: .leading, [Switch(isOn: true), Switch(isOn: false)])
        place(caption: "switch", switches, Rect(x: 1060, y: 40, width: 120, height: 120))

        place(caption: "slider", Slider(minimum: 0, maximum: 1, value: 0.3), Rect(x: 24, y: 230, width: 260, height: 44))
        let marked = MarkedSlider(minimum: 0, maximum: 10, step: 1, value: 6)
        place(caption: "marked_slider", marked, Rect(x: 24, y: 310, width: 260, height: 44))

        let field = TextField(text: "ab", placeholder: "E-mail", icon: .envelope)
        field.validationRules = [.minLength(3)]
        field.errorMessage = "At least 3 characters"
        _ = field.validate()
        place(caption: "text_field (invalid)", field, Rect(x: 316, y: 230, width: 300, height: 70))
        place(caption: "underlined_text_field", UnderlinedTextField(text: "", placeholder: "Name"),
              Rect(x: 316, y: 330, width: 300, height: 35))
        let notes = TextView(text: "Multi-line notes wrap inside the view and scroll once they outgrow it.")
        notes.backgroundColor = Color(.systemBackground)
        notes.cornerRadius = 8
        place(caption: "text_view", notes, Rect(x: 648, y: 230, width: 280, height: 120))

        let symbols = StackView(axis: .horizontal, spacing: 12, alignment: .center,
                                Symbol.allCases.prefix(7).map { ImageView(symbol: $0, tint: .systemBlue) })
        for icon in symbols.subviews { icon.fixedSize = SizeConstraint(width: 24, height: 24) }
        place(caption: "image (symbols)", symbols, Rect(x: 960, y: 230, width: 290, height: 30))
        let label = Label("Labels wrap words, follow the text scale and ellipsize when they run out of room.")
        label.numberOfLines = 2
        place(caption: "label", label, Rect(x: 960, y: 300, width: 290, height: 50))

        let alert = Alert(title: "Payment received", message: "Thank you. Your receipt is on its way.",
                          actions: [Alert.Action(title: "OK")])
        place(caption: "alert", alert, Rect(x: 24, y: 410, width: 400, height: 360))
        let keyboard = OnScreenKeyboard(layout: .spanish)
        place(caption: "keyboard (es)", keyboard, Rect(x: 456, y: 430, width: 800, height: 260))
    }

    private func place(caption: String, _ view: View, _ frame: Rect) {
        let title = Label(caption, style: .caption1, color: .secondaryLabel)
        title.frame = Rect(x: frame.minX, y: frame.minY - 20, width: max(frame.width, 160), height: 16)
        root.addSubview(title)
        view.frame = frame
        root.addSubview(view)
    }
}

import KioskGraphics
import KioskUI

/// Every component on one page, for the README and for a quick look at a theme:
/// `kiosk snapshot --gallery --out gallery.png [--appearance dark]`.
public struct ComponentGallery {
    public static let size = Size(width: 1280, height: 1060)

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

        placeLiveDataComponents(top: 430)

        let alert = Alert(title: "Payment received", message: "Thank you. Your receipt is on its way.",
                          actions: [Alert.Action(title: "OK")])
        place(caption: "alert", alert, Rect(x: 24, y: 680, width: 400, height: 360))
        let keyboard = OnScreenKeyboard(layout: .spanish)
        place(caption: "keyboard (es)", keyboard, Rect(x: 456, y: 700, width: 800, height: 260))
    }

    /// The components for live values: gauge, chart, QR code, list, pictures and icons.
    private func placeLiveDataComponents(top: Double) {
        let gauge = GaugeView(value: 62)
        gauge.zones = [GaugeZone(from: 0, to: 60, color: .systemGreen), GaugeZone(from: 60, to: 85, color: Color(.systemOrange)),
                       GaugeZone(from: 85, to: 100, color: .systemRed)]
        gauge.unit = " %"
        gauge.caption = "Load"
        place(caption: "gauge", gauge, Rect(x: 24, y: top, width: 220, height: 190))

        let temperatures = [18.5, 19.2, 20.1, 21.4, 22.8, 23.5, 24.1, 23.9, 22.6, 21.0, 19.8, 19.1]
        let chart = ChartView(series: [
            ChartSeries(kind: .bar, color: .systemGreen, name: "Rain", values: [0, 1, 3, 2, 0, 0, 1, 4, 6, 3, 1, 0]),
            ChartSeries(kind: .area, color: .systemBlue, name: "Inside", values: temperatures),
            ChartSeries(kind: .line, color: Color(.systemOrange), name: "Outside", values: temperatures.map { $0 - 6.5 }),
        ])
        chart.threshold = ChartThreshold(value: 22, color: .systemRed)
        chart.xLabels = ["06:00", "09:00", "12:00", "15:00"]
        place(caption: "chart (bar, area, line)", chart, Rect(x: 276, y: top, width: 360, height: 190))

        let code = QRCodeView(text: "https://kiosk.example/pay?order=1042")
        place(caption: "qr_code", code, Rect(x: 668, y: top, width: 150, height: 150))

        let list = GalleryList()
        list.rowHeight = 36
        list.spacing = 2
        list.backgroundColor = Color(.systemBackground)
        list.cornerRadius = 8
        place(caption: "list", list, Rect(x: 850, y: top, width: 220, height: 190))

        let photo = ImageView(content: GalleryPictures.photo)
        photo.contentMode = .fill
        photo.cornerRadius = 6
        photo.clipsToBounds = true
        place(caption: "image (jpeg, svg)", photo, Rect(x: 1102, y: top, width: 96, height: 72))
        place(caption: "", ImageView(content: GalleryPictures.badge), Rect(x: 1210, y: top + 4, width: 64, height: 64))

        let names = ["mdi:parking", "mdi:thermometer", "mdi:wifi", "mdi:lightbulb"]
        let icons = StackView(axis: .horizontal, spacing: 12, alignment: .center,
                              names.compactMap { Icon(named: $0) }.map { ImageView(icon: $0, tint: .systemBlue) })
        for icon in icons.subviews { icon.fixedSize = SizeConstraint(width: 28, height: 28) }
        place(caption: "icons (mdi:)", icons, Rect(x: 1102, y: top + 122, width: 160, height: 30))
    }

    private func place(caption: String, _ view: View, _ frame: Rect) {
        defer {
            view.frame = frame
            root.addSubview(view)
        }
        guard !caption.isEmpty else { return }
        let title = Label(caption, style: .caption1, color: .secondaryLabel)
        title.frame = Rect(x: frame.minX, y: frame.minY - 20, width: max(frame.width, 160), height: 16)
        root.addSubview(title)
    }
}

/// The gallery's list, which keeps its rows (a list holds its data source weakly, and the
/// gallery is gone once its views are built).
private final class GalleryList: ListView {
    private let departures = GalleryDepartures()

    override init() {
        super.init()
        dataSource = departures
    }
}

/// A departure board's rows, for the gallery's list.
private final class GalleryDepartures: ListViewDataSource {
    let departures = ["08:05  Airport", "08:12  Harbour", "08:20  University", "08:31  Old town", "08:40  Stadium"]

    var numberOfRows: Int { departures.count }

    func key(ofRow index: Int) -> AnyHashable { departures[index] }

    func makeView(forRow index: Int) -> View {
        let label = Label(departures[index])
        label.padding = EdgeInsets(top: 0, left: 12, bottom: 0, right: 12)
        return label
    }

    func update(_ view: View, forRow index: Int) {
        (view as? Label)?.text = departures[index]
    }

    func dismantle(_ view: View) {}
}

import KioskGraphics

/// `qr_code`: its properties, and the check that a written text fits the code.
nonisolated enum QRCodeComponent {
    static let levels = QRCode.ErrorCorrection.allCases.map(\.rawValue)

    static let schema = ComponentSchema(
        type: "qr_code",
        doc: "A QR code of a text (a link, a payment), drawn crisp: whole pixels per module, dark on light.",
        properties: [
            PropertySchema("text", .text, default: .text(.literal("")),
                           doc: "The text encoded, as UTF-8; at most 2953 bytes at level L, 2331 at M, 1663 at Q, 1273 at H."),
            PropertySchema("error_correction", .choice(levels), default: .choice(QRCode.ErrorCorrection.medium.rawValue),
                           doc: "How much damage the code survives: L 7%, M 15%, Q 25%, H 30%; higher holds less text."),
            PropertySchema("quiet_zone", .integer(0...16), default: .integer(QRCode.standardQuietZone),
                           doc: "Light margin around the code, in modules; readers need 4."),
            PropertySchema("dark_color", .color, default: .color(.black), doc: "Colour of the dark modules."),
            PropertySchema("light_color", .color, default: .color(.white), doc: "Colour of the light modules and the margin."),
        ],
        check: textFits)

    /// A written text must fit at the written level; a bound one is checked when it arrives (and logged).
    static let textFits: ComponentSchema.Check = { properties in
        guard case .text(.literal(let text))? = properties["text"], !text.isEmpty,
              let level = properties["error_correction"]?.string.flatMap(QRCode.ErrorCorrection.init(rawValue:))
        else { return [] }
        do {
            _ = try QRCode(text: text, errorCorrection: level)
            return []
        } catch {
            return [ComponentIssue(property: "text", message: "'text' cannot be shown as a QR code: \(error)")]
        }
    }
}

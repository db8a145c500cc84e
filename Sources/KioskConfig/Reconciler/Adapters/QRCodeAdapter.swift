import KioskGraphics
import KioskUI

/// `qr_code`: a `QRCodeView`. A bound text too long for the code is reported once when it starts
/// failing, not again for each new value until a text fits again.
public struct QRCodeAdapter: ComponentAdapter {
    public let type = "qr_code"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        QRCodeView()
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let qrCode = view as? QRCodeView else { return }
        let wasFailing = qrCode.encodingError != nil
        changes.ifChanged("text") { assignIfDifferent(qrCode, \.text, $0?.string ?? "") }
        changes.ifChanged("error_correction") {
            assignIfDifferent(qrCode, \.errorCorrection, $0?.string.flatMap(QRCode.ErrorCorrection.init(rawValue:)) ?? .medium)
        }
        changes.ifChanged("quiet_zone") { assignIfDifferent(qrCode, \.quietZone, $0?.integer ?? QRCode.standardQuietZone) }
        changes.ifChanged("dark_color") { assignIfDifferent(qrCode, \.darkColor, $0?.color ?? .black) }
        changes.ifChanged("light_color") { assignIfDifferent(qrCode, \.lightColor, $0?.color ?? .white) }
        if !wasFailing, let error = qrCode.encodingError {
            context.report("qr_code: \(error); an empty square is shown in its place")
        }
    }

    public func value(of property: String, in view: View) -> PropertyValue? {
        guard let qrCode = view as? QRCodeView else { return nil }
        switch property {
        case "text": return .text(.literal(qrCode.text))
        default: return nil
        }
    }
}

import KioskGraphics
import KioskUI

/// `text_view`: a multi-line `TextView`; `on_change` with the text as it is edited.
public struct TextViewAdapter: ComponentAdapter {
    public let type = "text_view"
    public init() {}

    public func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
        let textView = TextView()
        let events = context.events
        _ = textView.addAction(for: .editingChanged) { control in
            events.send("change", value: .text(.literal((control as? TextView)?.text ?? "")))
        }
        return textView
    }

    public func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {
        guard let textView = view as? TextView else { return }
        changes.ifChanged("text") { assignIfDifferent(textView, \.text, $0?.string ?? "") }
        changes.ifChanged("font") { font in
            assignIfDifferent(textView, \.font, font?.font.map { $0.resolved(textScale: textView.environment.textScale) })
        }
        // The text view takes one inset for every edge.
        changes.ifChanged("inset") { assignIfDifferent(textView, \.inset, $0?.insets?.top ?? 8) }
        changes.ifChanged("editable") { assignIfDifferent(textView, \.isEditable, $0?.bool ?? true) }
    }

    public func value(of property: String, in view: View) -> PropertyValue? {
        guard let textView = view as? TextView, property == "text" else { return nil }
        return .text(.literal(textView.text))
    }
}

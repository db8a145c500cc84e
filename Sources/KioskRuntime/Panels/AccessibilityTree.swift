import KioskConfig
import KioskGraphics
import KioskUI

/// The shown panel's widgets as a screen reader would meet them: one line per widget with a label,
/// indented by depth, with its traits and frame on screen (what `kiosk snapshot --accessibility` prints).
public enum AccessibilityTree {
    public static func describe(_ host: PanelHost) -> String {
        host.screen.layoutIfNeeded()
        guard let root = host.panels[host.currentPanelID]?.node else { return "" }
        var lines = ["panel \(host.currentPanelID)"]
        append(root, depth: 1, to: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func append(_ node: WidgetNode, depth: Int, to lines: inout [String]) {
        guard !node.view.isHidden else { return }
        if let label = node.accessibilityLabel {
            let traits = node.appliedProperties["accessibility"]?.record?["traits"]?.list?.compactMap(\.string) ?? []
            let frame = node.view.convertToScreen(node.view.bounds)
            var line = String(repeating: "  ", count: depth) + "\(node.type)"
            if let id = node.id { line += " #\(id)" }
            line += " \"\(label)\""
            if let hint = node.appliedProperties["accessibility"]?.record?["hint"]?.string { line += " hint: \"\(hint)\"" }
            if !traits.isEmpty { line += " [\(traits.joined(separator: ", "))]" }
            if !node.adapter.isAvailable { line += " (placeholder)" }
            line += " at \(Int(frame.minX)),\(Int(frame.minY)) \(Int(frame.width))x\(Int(frame.height))"
            lines.append(line)
        }
        for child in node.children { append(child, depth: depth + 1, to: &lines) }
    }
}

extension View {
    /// A rectangle of the view's space on the screen (bounding box when transformed).
    func convertToScreen(_ rect: Rect) -> Rect {
        let a = convert(Point(x: rect.minX, y: rect.minY), to: nil)
        let b = convert(Point(x: rect.maxX, y: rect.maxY), to: nil)
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
}

import KioskGraphics
import KioskUI

/// The screen's root while panels are hosted: every child (the shown panel, and during a transition
/// the one leaving) fills it.
final class PanelContainerView: View {
    override init(frame: Rect = .zero) {
        defer { drawsOnlyItsBackground = true }
        super.init(frame: frame)
        id = "kiosk.panels"
    }

    override func layout() {
        for child in subviews where child.frame != bounds {
            child.frame = bounds
        }
    }
}

/// One panel's view: the system background behind the panel's root widget, so panels cover each
/// other while sliding and follow light/dark.
final class PanelView: View {
    let panelID: String

    init(panelID: String, content: View) {
        defer { drawsOnlyItsBackground = true }
        self.panelID = panelID
        super.init()
        id = "kiosk.panel." + panelID
        backgroundColor = .systemBackground
        isOpaque = true
        // A panel's layer (while it slides or fades) holds what is inside its bounds: clipping
        // makes the panel painted view by view look the same.
        clipsToBounds = true
        addSubview(content)
    }

    func setContent(_ content: View) {
        if subviews.first !== content { setSubviews([content]) }
    }

    override func layout() {
        for child in subviews where child.frame != bounds {
            child.frame = bounds
        }
    }
}

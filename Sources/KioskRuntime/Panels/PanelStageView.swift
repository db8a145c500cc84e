import KioskGraphics
import KioskUI

/// What the panels are shown in: the panel container, then the config's `overlay:` above it, then
/// the page dots. The overlay and the dots stay where they are while panels slide or fade.
final class PanelStageView: View {
    let container: PanelContainerView
    private(set) var overlay: OverlayLayerView?
    private(set) var pageDots: PageControl?

    init(container: PanelContainerView) {
        defer { drawsOnlyItsBackground = true }
        self.container = container
        super.init()
        id = "kiosk.stage"
        addSubview(container)
    }

    /// Shows `content` above every panel, or removes the overlay (nil).
    func setOverlay(_ content: View?) {
        guard let content else {
            overlay?.removeFromSuperview()
            overlay = nil
            return
        }
        if let overlay {
            overlay.setContent(content)
            return
        }
        let layer = OverlayLayerView(content: content)
        insertSubview(layer, at: 1)
        overlay = layer
    }

    /// Shows page dots for `count` pages (nil removes them).
    func setPageDots(count: Int?, current: Int) {
        guard let count, count > 1 else {
            pageDots?.removeFromSuperview()
            pageDots = nil
            return
        }
        let dots = pageDots ?? PageControl()
        dots.numberOfPages = count
        dots.currentPage = current
        if pageDots == nil {
            addSubview(dots)
            pageDots = dots
        }
    }

    override func layout() {
        container.frame = bounds
        overlay?.frame = bounds
        if let pageDots {
            let size = pageDots.measure(ProposedSize(width: bounds.width, height: nil))
            pageDots.frame = Rect(x: ((bounds.width - size.width) / 2).rounded(), y: bounds.maxY - size.height - 8,
                                  width: size.width, height: size.height)
        }
    }
}

/// The config's `overlay:` widgets over the whole screen. Touches go to them where they have
/// content; elsewhere (the empty parts of the stacks that place them) they reach the panel below.
final class OverlayLayerView: View {
    private(set) var content: View

    init(content: View) {
        defer { drawsOnlyItsBackground = true }
        self.content = content
        super.init()
        id = "kiosk.overlay"
        addSubview(content)
        refreshTouchTransparency()
    }

    func setContent(_ newContent: View) {
        guard newContent !== content else { return }
        content = newContent
        setSubviews([newContent])
        refreshTouchTransparency()
    }

    override func layout() {
        if content.frame != bounds { content.frame = bounds }
    }

    /// Makes the overlay and the views in it that show nothing of their own touch-transparent;
    /// called whenever its widgets were built or updated.
    func refreshTouchTransparency() {
        isTouchTransparent = true
        for view in content.subtree { view.isTouchTransparent = Self.isTransparentToTouches(view) }
    }

    /// A view that only places others (a stack, a spacer, an overlay) and shows nothing of its
    /// own: a touch on it is not a touch on the overlay.
    static func isTransparentToTouches(_ view: View) -> Bool {
        let placesOnly = type(of: view) == View.self || view is StackView || view is SpacerView || view is OverlayView
        return placesOnly && view.backgroundColor == nil && view.border == nil && view.gestureRecognizers.isEmpty
    }
}

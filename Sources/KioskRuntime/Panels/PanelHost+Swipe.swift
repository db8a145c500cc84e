import KioskConfig
import KioskGraphics
import KioskUI

/// Swiping between panels (`swipe:` and `swipe_order:`) and the page dots (`swipe_indicator:`).
/// The recognizer sits on the panel container: a drag that starts on a slider stays the slider's
/// (`yieldsToDragTrackingViews`), and a scroll view's own pan, being nearer the finger, wins along
/// its axis. The overlay is outside the container: drags on its widgets never swipe.
extension PanelHost {
    func installSwipeRecognizer() {
        swipeRecognizer.yieldsToDragTrackingViews = true
        swipeRecognizer.addAction { [weak self] _ in self?.swipeGestureChanged() }
        container.addGestureRecognizer(swipeRecognizer)
        swipeTargetsDidChange()
    }

    /// The panel shown or the config changed: which directions swipe, and the page dots.
    func swipeTargetsDidChange() {
        let neighbours = config.swipeNeighbours(of: currentPanelID)
        let horizontal = neighbours.left != nil || neighbours.right != nil
        let vertical = neighbours.up != nil || neighbours.down != nil
        swipeRecognizer.isEnabled = horizontal || vertical
        swipeRecognizer.direction = horizontal && vertical ? .any : horizontal ? .horizontal : .vertical
        let page = config.swipeIndicator ? config.swipeOrder.firstIndex(of: currentPanelID) : nil
        stage.setPageDots(count: page == nil ? nil : config.swipeOrder.count, current: page ?? 0)
    }

    private func swipeGestureChanged() {
        let recognizer = swipeRecognizer
        switch recognizer.state {
        case .began:
            beginSwipe(translation: recognizer.translation)
            followSwipe(recognizer.translation)
        case .changed:
            followSwipe(recognizer.translation)
        case .ended:
            guard let swipe else { return }
            swipe.release(velocity: swipe.isHorizontal ? recognizer.velocity.x : recognizer.velocity.y)
            screen.requestFrame()
        case .cancelled, .failed:
            guard let swipe else { return }
            swipe.release(velocity: 0)
            screen.requestFrame()
        case .possible:
            break
        }
    }

    private func beginSwipe(translation: Point) {
        finishTransition()
        endSwipe()
        guard let current = panels[currentPanelID]?.view else { return }
        let neighbours = config.swipeNeighbours(of: currentPanelID)
        let horizontal: Bool = switch swipeRecognizer.direction {
        case .horizontal: true
        case .vertical: false
        case .any: abs(translation.x) >= abs(translation.y) || (neighbours.up == nil && neighbours.down == nil)
        }
        current.composesAsLayer = true
        swipe = PanelSwipe(outgoing: current, isHorizontal: horizontal,
                           extent: horizontal ? screen.size.width : screen.size.height, scale: screen.scale)
    }

    private func followSwipe(_ translation: Point) {
        guard let swipe else { return }
        let previous = swipe.incoming?.view
        swipe.follow(swipe.isHorizontal ? translation.x : translation.y) { [unowned self] direction in
            guard let id = config.swipeNeighbours(of: currentPanelID)[direction], let view = panelView(id) else { return nil }
            return (id, view)
        }
        guard previous !== swipe.incoming?.view else { return }
        if let previous {
            previous.transform = .identity
            previous.composesAsLayer = false
        }
        if let incoming = swipe.incoming?.view {
            incoming.alpha = 1
            incoming.composesAsLayer = true
            container.setSubviews([swipe.outgoing, incoming])
        } else {
            container.setSubviews([swipe.outgoing])
        }
    }

    /// Moves a released swipe on to `time`; true while it still needs frames.
    func stepSwipe(at time: Double) -> Bool {
        guard let swipe, swipe.isSettling else { return false }
        guard swipe.step(at: time) else { return true }
        let target = swipe.completes ? swipe.incoming?.id : nil
        endSwipe()
        if let target { goto(target, transition: .none) }
        return false
    }

    /// Ends a swipe at once, springing back: both panels in place, the shown one alone.
    func endSwipe() {
        guard let swipe else { return }
        self.swipe = nil
        swipe.reset()
        swipe.outgoing.composesAsLayer = false
        swipe.incoming?.view.composesAsLayer = false
        if let current = panels[currentPanelID]?.view { container.setSubviews([current]) }
    }

    /// Where bindings of the overlay's widgets count as shown (every panel shows the overlay).
    static let overlayBindingsID = "kiosk.overlay"

    /// The built panels' roots by panel id, in id order, then the overlay's.
    var builtRoots: [(panelID: String, root: WidgetNode)] {
        panels.keys.sorted().compactMap { id in panels[id].map { (id, $0.node) } }
            + (overlayNode.map { [(Self.overlayBindingsID, $0)] } ?? [])
    }

    /// Whether a swipe is under way (the finger down, or the panels settling).
    public var isSwiping: Bool { swipe != nil }
}

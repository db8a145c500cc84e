import KioskGraphics

/// The screen's top-level container: the panel's content fills it, and modal layers (alerts, the
/// on-screen keyboard) sit above the content in the order they were shown.
open class LayerHostView: View {
    public private(set) var content: View

    public init(content: View) {
        defer { drawsOnlyItsBackground = type(of: self) == LayerHostView.self }
        self.content = content
        super.init()
        addSubview(content)
    }

    public func setContent(_ newContent: View) {
        guard newContent !== content else { return }
        content.removeFromSuperview()
        content = newContent
        insertSubview(newContent, at: 0)
    }

    /// Adds a layer on top; `placement` decides its frame from the host's bounds at each layout.
    public func addLayer(_ layer: View, placement: @escaping (Rect) -> Rect = { $0 }) {
        placements[ObjectIdentifier(layer)] = placement
        addSubview(layer)
        layer.frame = placement(bounds)
    }

    public func removeLayer(_ layer: View) {
        placements[ObjectIdentifier(layer)] = nil
        layer.removeFromSuperview()
    }

    private var placements: [ObjectIdentifier: (Rect) -> Rect] = [:]

    open override func layout() {
        content.frame = bounds
        for layer in subviews.dropFirst() {
            if let placement = placements[ObjectIdentifier(layer)] { layer.frame = placement(bounds) }
        }
    }
}

extension Screen {
    /// The layer host at the root, if one is installed.
    public var layerHost: LayerHostView? { rootView as? LayerHostView }

    /// Makes the root a layer host holding the current root view as its content, unless it is one
    /// already, and returns it. Runtimes install it up front (a `LayerHostView` as the root), so
    /// that presenting a modal repaints only the modal; on a plain screen, the first modal
    /// presented installs it, and the whole screen is repainted once.
    @discardableResult
    public func installLayerHost() -> LayerHostView {
        if let host = layerHost { return host }
        let content = rootView
        // The content leaves the screen before it joins the host, so that it is never in two trees.
        rootView = View()
        let host = LayerHostView(content: content)
        rootView = host
        return host
    }
}

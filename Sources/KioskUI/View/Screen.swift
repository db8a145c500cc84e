import KioskGraphics
import KioskPlatform

/// The top of a view tree: its size on the display, its environment, and the record of what
/// changed since the last frame, which the compositor turns into damage.
@MainActor
public final class Screen {
    /// Size in points; the UI is laid out in it.
    public let size: Size
    /// Pixels per point.
    public let scale: Double

    /// Painted where no opaque view covers the screen.
    public var backgroundColor = RGBA(hex: 0x000000) {
        didSet { if backgroundColor != oldValue { damageEverything() } }
    }

    public var environment: Environment {
        didSet {
            guard environment != oldValue else { return }
            rootView.environmentDidChangeInSubtree()
            damageEverything()
        }
    }

    public var rootView: View {
        didSet {
            guard rootView !== oldValue else { return }
            oldValue.attachAsRoot(of: nil)
            install(rootView)
        }
    }

    /// The on-screen keyboard attached to the screen, shown or not: what a `keyboard` widget's
    /// settings go to (while hidden it is in no view tree).
    public internal(set) weak var onScreenKeyboard: OnScreenKeyboard?

    /// Called when something changed and a frame should be produced (the frame loop listens).
    public var onFrameRequest: (() -> Void)?

    public private(set) var needsFrame = true

    /// The clock and timers of everything on this screen: the device's event loop, or a virtual loop
    /// in tests and headless runs. Gestures, key repeat and animations count time on it.
    public let scheduler: any Scheduler

    /// Touch and key routing, focus, gesture recognizers and timers (Events/InputRouter.swift).
    public private(set) lazy var input = InputRouter(screen: self)
    /// Running animations, stepped by the compositor before each frame (Animation/Animator.swift).
    public private(set) lazy var animator = Animator(screen: self)

    /// Without a `scheduler` the screen keeps a `VirtualLoop` of its own, whose time moves when
    /// `currentTime` is set or an event with a later timestamp is dispatched.
    public init(size: Size, scale: Double = 1, environment: Environment = Environment(), rootView: View = View(),
                scheduler: (any Scheduler)? = nil) {
        self.scheduler = scheduler ?? VirtualLoop()
        self.size = size
        self.scale = scale
        self.environment = environment
        self.rootView = rootView
        install(rootView)
    }

    /// Views point at their screen without keeping it (`View.screen`): a screen freed before its
    /// views detaches them, so none is left pointing at it.
    isolated deinit {
        rootView.attachAsRoot(of: nil)
    }

    public var bounds: Rect { Rect(size: size) }

    public var pixelBounds: PixelRect {
        PixelRect(x: 0, y: 0, width: Int(saturating: (size.width * scale).rounded(.up)),
                  height: Int(saturating: (size.height * scale).rounded(.up)))
    }

    /// Runs pending layout, top-down.
    public func layoutIfNeeded() {
        if rootView.frame != bounds { rootView.frame = bounds }
        rootView.layoutIfNeeded()
    }

    /// The first view on screen with this id.
    public func view(withID id: String) -> View? {
        rootView.view(withID: id)
    }

    // MARK: Change records, drained by the compositor

    package var geometryQueue: [View] = []
    package var contentQueue: [View] = []
    /// Pixels left by views that were removed.
    package var removedDamage = Region()
    /// Views that lost a subview: their painted extents, and their ancestors', still include it.
    package var parentsOfRemovedViews: [View] = []
    package var everythingIsDamaged = true
    /// Views whose bounds origin moved since the last frame, each with the origin that frame
    /// painted it at: the compositor may move their pixels instead of painting them again.
    package var scrolledViews: [(view: View, paintedOrigin: Point)] = []
    /// Counts the times views kept in a parent changed places among their siblings (what is drawn
    /// over what): pixels the last frame painted are only known to be a view's while this stands.
    package var stackingChanges = 0

    public func damageEverything() {
        everythingIsDamaged = true
        requestFrame()
    }

    /// Something will be ready to paint: ask for a frame (once, until the frame is produced).
    public func requestFrame() {
        guard !needsFrame else { return }
        needsFrame = true
        onFrameRequest?()
    }

    /// The compositor produced the frame that was requested.
    package func frameDidComplete() {
        needsFrame = false
    }

    func geometryDidChange(_ view: View) {
        if !view.isQueuedForGeometry {
            view.isQueuedForGeometry = true
            geometryQueue.append(view)
        }
        invalidateRasterCaches(above: view)
        invalidateLayers(from: view.superview)
        requestFrame()
    }

    func boundsOriginDidChange(_ view: View, from old: Point) {
        guard !view.isQueuedForScroll else { return }
        view.isQueuedForScroll = true
        scrolledViews.append((view, old))
    }

    /// The scrolled views since the last frame, and the list emptied.
    package func takeScrolledViews() -> [(view: View, paintedOrigin: Point)] {
        let scrolled = scrolledViews
        for entry in scrolled { entry.view.isQueuedForScroll = false }
        scrolledViews.removeAll(keepingCapacity: true)
        return scrolled
    }

    func contentDidChange(_ view: View, in rect: Rect?) {
        if view.isQueuedForContent {
            // Already queued for all of it, or add one more part.
            if !view.pendingContentRects.isEmpty {
                if let rect { view.pendingContentRects.append(rect) } else { view.pendingContentRects.removeAll() }
            }
        } else {
            view.isQueuedForContent = true
            if let rect { view.pendingContentRects.append(rect) }
            contentQueue.append(view)
        }
        invalidateRasterCaches(above: view)
        invalidateLayers(from: view)
        requestFrame()
    }

    func layoutDidChange() {
        requestFrame()
    }

    func viewWillLeave(_ view: View) {
        input.viewWillLeave(view)
        for gone in view.subtree {
            removedDamage.add(gone.paintedRect)
            gone.paintedRect = .zero
            gone.paintedSubtreeRect = .zero
        }
        invalidateRasterCaches(above: view.superview)
        invalidateLayers(from: view.superview)
        requestFrame()
    }

    /// After a removal, the ancestors' painted extents no longer include the gone subtree. Nothing
    /// else of theirs changed: the next frame recomputes them, not repaints them, together with
    /// the ancestors of the views that moved, each once however many of its subviews left.
    func subviewDidLeave(_ parent: View) {
        if parentsOfRemovedViews.last !== parent { parentsOfRemovedViews.append(parent) }
    }

    private func invalidateRasterCaches(above view: View?) {
        var current = view
        while let ancestor = current {
            if ancestor.rasterize { ancestor.rasterCacheIsValid = false }
            current = ancestor.superview
        }
    }

    /// A change inside a layer view's subtree paints the layer again: `start` and its ancestors'
    /// layers are stale. The layer view itself moving or fading (its own geometry) leaves the
    /// layer as it is, which is what layers are for: geometry changes start at the superview.
    private func invalidateLayers(from start: View?) {
        var current = start
        while let ancestor = current {
            if ancestor.composesAsLayer { ancestor.layerCacheIsValid = false }
            current = ancestor.superview
        }
    }

    private func install(_ root: View) {
        root.attachAsRoot(of: self)
        root.frame = bounds
        root.environmentDidChangeInSubtree()
        damageEverything()
    }
}

import KioskGraphics
import KioskPlatform

/// A rectangle of the screen that draws itself and holds subviews.
///
/// Subclasses override `draw(_:in:)`, `layout()`, `sizeThatFits(_:)` and the touch methods, like
/// UIKit views. Every property that changes what is on screen reports it: geometry changes damage
/// the old and new visual bounds of the subtree, content changes damage what `setNeedsDisplay`
/// names, and nothing else is repainted.
open class View {
    /// The name panels and tests use to find this view.
    public var id: String?

    /// Not a weak reference: a weak reference gives the parent a side table, and then every
    /// retain and release of it (painting and damage walk the tree many times a frame) takes the
    /// slow path. A parent clears its children's pointer when it is freed (`deinit`), and
    /// `removeFromSuperview` and `setSubviews` clear it when they let a child go, so the pointer
    /// is never left dangling.
    public internal(set) nonisolated(unsafe) unowned(unsafe) var superview: View?
    public internal(set) var subviews: [View] = []
    /// The screen the view is on, once it is in a tree attached to one. Not weak, for the reason
    /// `superview` is not: views leave their screen through `attach(to:)`, and a screen that is
    /// freed first detaches its tree (`Screen`'s `deinit`).
    public private(set) unowned(unsafe) var screen: Screen?

    public init(frame: Rect = .zero) {
        self.frame = frame
        drawsOnlyItsBackground = type(of: self) == View.self
        LiveInstances.views.increment()
    }

    deinit {
        for subview in subviews where subview.superview === self { subview.superview = nil }
        LiveInstances.views.decrement()
    }

    // MARK: Geometry

    /// Position and size in the superview's coordinate space (ignoring `transform`).
    public var frame: Rect {
        didSet {
            guard frame != oldValue else { return }
            AnimationTransaction.record(self, .frame, from: oldValue)
            geometryDidChange()
            if frame.size != oldValue.size { setNeedsLayout() }
        }
    }

    /// The origin of the view's own coordinate space: scrolling moves it.
    public var boundsOrigin: Point = .zero {
        didSet {
            guard boundsOrigin != oldValue else { return }
            screen?.boundsOriginDidChange(self, from: oldValue)
            subtreeGeometryDidChange()
        }
    }

    /// The view's own coordinate space: `boundsOrigin` and the frame's size.
    public var bounds: Rect { Rect(origin: boundsOrigin, size: frame.size) }

    /// Applied about the view's centre, on top of the frame (scale, rotation, translation).
    public var transform: AffineTransform = .identity {
        didSet {
            guard transform != oldValue else { return }
            AnimationTransaction.record(self, .transform, from: oldValue)
            geometryDidChange()
        }
    }

    public var alpha: Double = 1 {
        didSet {
            guard alpha != oldValue else { return }
            AnimationTransaction.record(self, .alpha, from: oldValue)
            geometryDidChange()
        }
    }

    public var isHidden = false {
        didSet {
            guard isHidden != oldValue else { return }
            geometryDidChange()
            // Stacks and grids leave hidden views out: the parent arranges its children again, and
            // its own size may have changed for whatever holds it.
            superview?.invalidateSize()
        }
    }

    /// Clips subviews (and the view's own drawing) to its rounded bounds.
    public var clipsToBounds = false {
        didSet { if clipsToBounds != oldValue { geometryDidChange() } }
    }

    // MARK: Look

    public var backgroundColor: Color? {
        didSet {
            guard backgroundColor != oldValue else { return }
            AnimationTransaction.record(self, .backgroundColor, from: oldValue as Any)
            setNeedsDisplay()
        }
    }

    public var cornerRadius: Double = 0 {
        didSet { if cornerRadius != oldValue { geometryDidChange() } }
    }

    public var border: Border? {
        // Its antialiased edge reaches a pixel past the bounds (see `visualBounds`): damage the old and new extent.
        didSet { if border != oldValue { geometryDidChange(); setNeedsDisplay() } }
    }

    public var shadow: ViewShadow? {
        didSet { if shadow != oldValue { geometryDidChange() } }
    }

    /// A promise that the view paints every pixel of its bounds opaquely, so the compositor may
    /// start painting at it and skip what lies below.
    public var isOpaque = false

    /// Keep the rendered subtree as a picture and reuse it until something in it changes.
    public var rasterize = false {
        didSet {
            guard rasterize != oldValue else { return }
            // The picture is memory the size of the subtree: a view that stops rasterizing lets it go.
            if !rasterize { rasterCache = nil }
            setNeedsDisplay()
        }
    }

    /// Paint the subtree once into a layer of its own (its bounds, in its own coordinates) and
    /// compose that layer while the view only moves or fades: a panel sliding in costs a copy per
    /// frame, not a repaint. Something changing inside paints the layer again. The layer holds what
    /// is inside the bounds only, so a layer view should clip to its bounds.
    public var composesAsLayer = false {
        didSet {
            guard composesAsLayer != oldValue else { return }
            // A layer is memory the size of the view: let it go with the flag. The pixels are the
            // same either way, so nothing is repainted for it.
            if !composesAsLayer { layerCache = nil }
            layerCacheIsValid = false
        }
    }

    /// Whether the view follows a finger's drag itself (a slider's thumb). A pan recognizer of an
    /// ancestor that `yieldsToDragTrackingViews` leaves touches that begin here to the view.
    open var tracksDrags: Bool { false }

    public var isUserInteractionEnabled = true

    /// Touches on the view itself, where none of its subviews takes them, pass to the views below
    /// it (a layer over the whole screen whose widgets take touches only where they are).
    public var isTouchTransparent = false

    // MARK: Sizing

    /// Space between the view's edges and its content (subviews and text).
    public var padding: EdgeInsets = .zero {
        didSet {
            guard padding != oldValue else { return }
            invalidateSize()
            // Content drawn in `contentRect` moves even when the frame stays (a fixed size), and
            // with it what reaches past the bounds (a slider's thumb, a label's text): damage the
            // old and the new extent.
            geometryDidChange()
            setNeedsDisplay()
        }
    }

    /// Fixed width and/or height; unset dimensions come from `sizeThatFits`.
    public var fixedSize: SizeConstraint = .none {
        didSet { if fixedSize != oldValue { invalidateSize() } }
    }

    public var minSize: SizeConstraint = .none {
        didSet { if minSize != oldValue { invalidateSize() } }
    }

    public var maxSize: SizeConstraint = .none {
        didSet { if maxSize != oldValue { invalidateSize() } }
    }

    /// Where a parent stack or overlay places this view across its axis, when set.
    public var alignmentOverride: Alignment?

    // MARK: Environment

    /// Overrides of the environment for this subtree.
    public var environmentOverrides: EnvironmentOverrides? {
        didSet { if environmentOverrides != oldValue { environmentDidChangeInSubtree() } }
    }

    /// The environment in effect here: the screen's, with every ancestor's overrides applied.
    public var environment: Environment {
        if let cachedEnvironment { return cachedEnvironment }
        let inherited = superview?.environment ?? screen?.environment ?? Environment()
        let resolved = environmentOverrides?.applied(to: inherited) ?? inherited
        // Painting asks for it often; it only changes through `environmentDidChangeInSubtree`.
        if screen != nil { cachedEnvironment = resolved }
        return resolved
    }

    private var cachedEnvironment: Environment?

    /// Called when the environment in effect may have changed. Views that resolve colours, fonts or
    /// strings from it override this (calling super) to update; the default repaints and relayouts.
    open func environmentDidChange() {
        setNeedsDisplay()
        invalidateSize()
    }

    func environmentDidChangeInSubtree() {
        cachedEnvironment = nil
        environmentDidChange()
        for subview in subviews { subview.environmentDidChangeInSubtree() }
    }

    // MARK: Hierarchy

    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    public func insertSubview(_ view: View, at index: Int) {
        view.removeFromSuperview()
        ViewTreeWork.subviewSlotsVisited += subviews.count - min(max(index, 0), subviews.count)
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        adopt(view)
        setNeedsLayout()
        invalidateSize()
    }

    /// Makes a view that was just placed in `subviews` a child: it joins this screen and takes its
    /// geometry and environment from here.
    func adopt(_ view: View) {
        view.superview = self
        if view.subtreeNeedsLayout { markSubtreeNeedsLayout() }
        view.attach(to: screen)
        view.geometryDidChange()
        if screen != nil { view.environmentDidChangeInSubtree() }
    }

    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let formerScreen = screen
        formerScreen?.viewWillLeave(self)
        ViewTreeWork.subviewSlotsVisited += parent.subviews.count
        parent.subviews.removeAll { $0 === self }
        superview = nil
        attach(to: nil)
        formerScreen?.subviewDidLeave(parent)
        parent.setNeedsLayout()
        parent.invalidateSize()
    }

    func attach(to newScreen: Screen?) {
        cachedEnvironment = nil
        guard screen !== newScreen else {
            for subview in subviews { subview.forgetEnvironment() }
            return
        }
        screen = newScreen
        // Off a screen, nothing keeps the extent up to date (a shadow set there queues no
        // geometry): the damage walk works it out again when the subtree joins a screen.
        subtreeExtent = nil
        for subview in subviews { subview.attach(to: newScreen) }
    }

    private func forgetEnvironment() {
        cachedEnvironment = nil
        for subview in subviews { subview.forgetEnvironment() }
    }

    func attachAsRoot(of newScreen: Screen?) {
        attach(to: newScreen)
    }

    public func isDescendant(of ancestor: View) -> Bool {
        var current: View? = self
        while let view = current {
            if view === ancestor { return true }
            current = view.superview
        }
        return false
    }

    /// This view and all its descendants, in painting order.
    public var subtree: [View] {
        var result: [View] = [self]
        for subview in subviews { result.append(contentsOf: subview.subtree) }
        return result
    }

    /// The first view in the subtree with this id.
    public func view(withID wanted: String) -> View? {
        if id == wanted { return self }
        for subview in subviews {
            if let found = subview.view(withID: wanted) { return found }
        }
        return nil
    }

    // MARK: Invalidation

    /// The view's pixels must be painted again (its geometry is unchanged).
    public func setNeedsDisplay() {
        screen?.contentDidChange(self, in: nil)
    }

    /// Only this part of the view (in its own coordinates) must be painted again.
    public func setNeedsDisplay(in rect: Rect) {
        screen?.contentDidChange(self, in: rect)
    }

    /// Where the view or its subtree is on screen changed: old and new places are damaged.
    func geometryDidChange() {
        screen?.geometryDidChange(self)
    }

    func subtreeGeometryDidChange() {
        geometryDidChange()
    }

    public private(set) var needsLayout = true
    /// This view or one below it needs layout. The layout pass descends only where this is set, so
    /// a frame that changed one view (a ring's value, a scroll offset) does not visit the rest of
    /// the tree. Set on every ancestor of a view that needs layout.
    private var subtreeNeedsLayout = true

    public func setNeedsLayout() {
        markSubtreeNeedsLayout()
        guard !needsLayout else { return }
        needsLayout = true
        screen?.layoutDidChange()
    }

    /// Flags this view and its ancestors, up to the first one already flagged (whose ancestors are).
    private func markSubtreeNeedsLayout() {
        var view: View? = self
        while let current = view, !current.subtreeNeedsLayout {
            current.subtreeNeedsLayout = true
            view = current.superview
        }
    }

    /// The view's size as its parent would measure it may have changed: the parent lays out again.
    public func invalidateSize() {
        setNeedsLayout()
        superview?.setNeedsLayout()
    }

    /// Lays out this view if it needs it, then those of its subviews that need it, top-down.
    public func layoutIfNeeded() {
        guard subtreeNeedsLayout else { return }
        ViewTreeWork.layoutPassVisits += 1
        // Cleared first: a layout below that asks for more marks this view again for the next pass.
        subtreeNeedsLayout = false
        if needsLayout {
            needsLayout = false
            layout()
        }
        for subview in subviews { subview.layoutIfNeeded() }
    }

    // MARK: Layout

    /// The size of the view's content for a proposal (padding and pinned sizes are applied around
    /// it by `measure(_:)`). The default takes what is proposed, or its intrinsic size when it has one.
    open func sizeThatFits(_ proposal: ProposedSize) -> Size {
        if let intrinsic = intrinsicContentSize {
            return Size(width: intrinsic.width >= 0 ? intrinsic.width : proposal.width ?? 0,
                        height: intrinsic.height >= 0 ? intrinsic.height : proposal.height ?? 0)
        }
        return proposal.replacingUnspecified(with: .zero)
    }

    /// The natural size of the content; a negative dimension means "none in this direction".
    open var intrinsicContentSize: Size? { nil }

    /// Positions subviews. The default leaves their frames as they were set, as a plain container
    /// does; stacks, overlays and components override it.
    open func layout() {}

    /// The bounds less the padding: where content and subviews go.
    public var contentRect: Rect { bounds.inset(by: padding) }

    // MARK: Drawing

    /// Draws the view's own content in its coordinate space. `rect` is the part that needs it;
    /// drawing outside it is allowed and clipped away.
    open func draw(_ rect: Rect, in canvas: Canvas) {}

    /// How far the view's own drawing reaches outside its bounds (a thick stroke, a glow): damage
    /// must include it. The shadow is accounted for separately. Drawing beyond the bounds, this
    /// overhang and the shadow is cut when the screen is painted.
    open var drawingOverhang: EdgeInsets { .zero }

    // MARK: Touches (Events/): delivered to the view hit at `began`, then up the superview chain

    /// Fingers went down on this view. The default passes them to the superview.
    open func touchesBegan(_ touches: [Touch]) { superview?.touchesBegan(touches) }
    open func touchesMoved(_ touches: [Touch]) { superview?.touchesMoved(touches) }
    open func touchesEnded(_ touches: [Touch]) { superview?.touchesEnded(touches) }
    /// The touches were taken away (a gesture recognizer won, the view left the screen).
    open func touchesCancelled(_ touches: [Touch]) { superview?.touchesCancelled(touches) }

    /// Recognizers watching touches that start on this view or its subviews.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []

    // MARK: Keys and focus

    /// A key reached the focused view; return true when handled. The default passes it up.
    open func keyPressed(_ event: KeyEvent) -> Bool { superview?.keyPressed(event) ?? false }

    /// Whether the view can take keyboard focus (text inputs can).
    open var canBecomeFirstResponder: Bool { false }
    /// Called after the view took focus or lost it.
    open func didBecomeFirstResponder() {}
    open func didResignFirstResponder() {}

    // MARK: Accessibility (Accessibility/): explicit values; nil falls back to the view's default

    public var accessibilityLabelOverride: String?
    public var accessibilityHintOverride: String?
    public var accessibilityValueOverride: String?
    public var accessibilityTraitsOverride: AccessibilityTraits?
    /// Whether the view is one element for assistive technology (its subviews are then not listed).
    public var isAccessibilityElementOverride: Bool?

    /// The defaults a component gives; components override these.
    open var defaultAccessibilityLabel: String? { nil }
    open var defaultAccessibilityValue: String? { nil }
    open var defaultAccessibilityTraits: AccessibilityTraits { [] }
    open var defaultIsAccessibilityElement: Bool { false }
    /// Adjustable elements move by one step.
    open func accessibilityIncrement() {}
    open func accessibilityDecrement() {}
    /// What an activation (double tap with a screen reader) does; returns whether it did anything.
    open func accessibilityActivate() -> Bool { false }

    // MARK: Compositor bookkeeping

    /// Where the view's own pixels were last painted, in screen pixels (empty when invisible).
    package var paintedRect: PixelRect = .zero
    /// Where the view and its whole subtree were last painted, in screen pixels.
    package var paintedSubtreeRect: PixelRect = .zero
    /// What the view and its whole subtree draw, in the view's own coordinates and clipped by
    /// nothing, as the damage walk last found it (nil before). A scroll above the view leaves it as
    /// it is, so a walk after a scroll can tell that a subtree out of sight stays out of sight
    /// without visiting it.
    package var subtreeExtent: Rect?
    package var isQueuedForGeometry = false
    /// In the screen's list of scrolled views since the last frame.
    package var isQueuedForScroll = false
    /// The view paints nothing but its background (and its border): a plain `View`, and the
    /// containers that say so for exactly their own class (a subclass may draw). A scroll inside
    /// such views may move pixels instead of painting them (`ScrollCopy`).
    package var drawsOnlyItsBackground = false
    package var isQueuedForContent = false
    /// Parts of the view (own coordinates) to repaint; empty with `isQueuedForContent` means all.
    package var pendingContentRects: [Rect] = []
    /// A rasterized subtree is repainted into its cache only when something in it changed.
    package var rasterCache: AnyObject?
    package var rasterCacheIsValid = false
    /// The layer of a view that `composesAsLayer`, kept until something inside it changes.
    package var layerCache: AnyObject?
    package var layerCacheIsValid = false
    /// The shadow and background drawn once over the colour under them (View+Layer.swift).
    package var backgroundPicture: BackdropPicture<BackgroundPictureKey>?
}

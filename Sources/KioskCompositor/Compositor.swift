import KioskGraphics
import KioskPlatform
import KioskUI

/// Produces frames for one screen: steps the screen's animations, lays out, turns changes into damage,
/// paints only the damage, and presents it. With nothing changed, it produces no frame at all.
///
/// A display's buffers may be memory the CPU reads slowly (uncached or write-combined, as dumb
/// buffers on most boards are), and painting reads what it blends over. So frames are painted into
/// a shadow buffer in plain RAM, and presenting copies the damage to the display's buffers: only
/// writes touch them. When the buffers are plain memory themselves (`MemoryOutput`, unrotated and
/// unmoved), frames are painted straight into the buffer shown next instead: it first takes from
/// the buffer shown last what it missed outside this frame's damage, and nothing is copied to
/// present. That saves the shadow buffer's memory and a copy of the damage per frame; a frame
/// composed whole from layers (a slide) costs one pass over the screen instead of two.
public final class Compositor {
    public let screen: Screen
    public let swapchain: Swapchain
    /// The frame as painted, in logical pixels: the only buffer ever read. The shadow buffer, or
    /// when frames are painted in the display's buffers, the one painted last.
    public var shadowBuffer: Surface { targets[current].surface }
    /// Whether frames are painted straight into the display's buffers (see above).
    public var paintsInPlace: Bool { targets.count > 1 }
    public let shadowMasks = ShadowMaskCache()
    public let shapeMasks = ShapeMaskCache()
    /// The pictures shadowed views copy in place of drawing (`BackdropPicture`), within their budget.
    public let pictures = PictureCache()

    /// Run in order before each frame's damage is collected, after the screen's animations have
    /// stepped, with the frame's presentation time (panel transitions, demos).
    private var frameObservers: [(Double) -> Void] = []
    /// Run after each frame is painted into the shadow buffer, with its damage (remote viewers).
    private var paintObservers: [(Region) -> Void] = []

    public private(set) var frameCount = 0
    /// The damage of the last frame produced, in logical pixels.
    public private(set) var lastDamage = Region()
    /// Pixels repainted and copied by the last frame.
    public private(set) var lastPaintedPixels = 0
    public private(set) var lastCopiedPixels = 0
    /// When each step of the last frame produced began and ended (monotonic seconds): what a trace
    /// and the frame statistics show.
    public private(set) var lastTimings = FrameTimings()

    /// Scrolls move the pixels already painted where they can (`ScrollCopy`); off, a scrolled
    /// view is painted again (the reference tests compare against).
    public var scrollsByCopy = true
    /// Scrolls the last frame did by moving pixels.
    public private(set) var lastScrollCopies = 0
    /// Layers the last frame moved the pixels of (`LayerMove`).
    public private(set) var lastLayerMoves = 0

    /// The picture moved on the buffers (antiburn): the next frame presents even with no damage.
    private var needsPresent = false

    /// Where frames are painted: the shadow buffer alone, or each of the display's buffers.
    private var targets: [(surface: Surface, canvas: Canvas)] = []
    /// The target holding the last frame painted.
    private var current = 0
    private var canvas: Canvas { targets[current].canvas }
    private let tracker = DamageTracker()
    private let painter: ViewPainter

    /// `paintingInPlace: false` keeps a shadow buffer even for a display in memory (tests compare
    /// the two ways).
    public init(screen: Screen, output: DisplayOutput, rotation: Rotation = .none, paintingInPlace: Bool = true) {
        self.screen = screen
        swapchain = Swapchain(output: output, rotation: rotation)
        painter = ViewPainter(shadowMasks: shadowMasks, shapeMasks: shapeMasks, pictures: pictures)
        if paintingInPlace, rotation == .none, let memory = output as? MemoryOutput, memory.surfaces.count > 1 {
            targets = memory.surfaces.map { ($0, makeCanvas(on: $0)) }
        } else {
            let size = swapchain.logicalPixelSize
            // A mapping of its own, in huge pages: the first frame faults it in a few times.
            let shadow = Surface(width: size.width, height: size.height, format: .xrgb8888, pageOffset: 0)
            targets = [(shadow, makeCanvas(on: shadow))]
        }
    }

    private func makeCanvas(on surface: Surface) -> Canvas {
        Canvas(surface: surface, shadowMasks: shadowMasks, shapeMasks: shapeMasks, pictures: pictures)
    }

    /// Calls `observer` before every frame is painted, with the time the frame will be seen.
    public func addFrameObserver(_ observer: @escaping (Double) -> Void) {
        frameObservers.append(observer)
    }

    /// Calls `observer` after every frame is painted into the shadow buffer, with the frame's damage:
    /// the rectangles the display gets, whose pixels `shadowBuffer` now holds.
    public func addPaintObserver(_ observer: @escaping (Region) -> Void) {
        paintObservers.append(observer)
    }

    /// Whether a frame is wanted: something changed or an animation runs.
    public var needsFrame: Bool { screen.needsFrame }

    /// The output's buffers no longer hold what was drawn into them (another program showed its
    /// own picture, the mode was set again): forget their ages and repaint the whole screen with
    /// the next frame.
    public func repaintEverything() {
        swapchain.invalidateAll()
        screen.damageEverything()
    }

    /// Moves the whole picture by `offset` pixels on the display (antiburn): the next frame copies
    /// the shadow buffer to its new place, and paints nothing.
    public func movePicture(to offset: PixelOffset) {
        guard offset != swapchain.offset else { return }
        // A moved picture is copied to its place, so it needs a shadow buffer to copy from.
        if paintsInPlace {
            let shadow = shadowBuffer.copy()
            targets = [(shadow, makeCanvas(on: shadow))]
            current = 0
        }
        swapchain.move(to: offset)
        needsPresent = true
        screen.requestFrame()
    }

    /// Produces one frame if anything changed. Returns false when nothing was presented (nothing
    /// changed, or no buffer is free yet; the request then stays pending).
    @discardableResult
    public func renderFrame(at presentationTime: Double) throws -> Bool {
        guard screen.needsFrame, swapchain.canPresent else { return false }
        var timings = FrameTimings(start: MonotonicClock.now())
        screen.frameDidComplete()
        // Animations are evaluated at the time the frame will be seen, not when it is painted.
        screen.animator.step(to: presentationTime)
        for observer in frameObservers { observer(presentationTime) }
        timings.layoutStart = MonotonicClock.now()
        screen.layoutIfNeeded()
        timings.damageStart = MonotonicClock.now()
        let scrolled = screen.takeScrolledViews()
        // Painting in place: the buffer shown next, into which a scroll moves the last frame's pixels.
        let next = paintsInPlace ? swapchain.output.nextFreeBuffer() : nil
        let copies = scrollsByCopy
            ? ScrollCopy.apply(to: scrolled, on: screen, in: targets[next ?? current].surface, from: shadowBuffer) : []
        // A layer that moved (a slide, a swipe) has its pixels moved into that buffer the same way.
        let moves = next.map { LayerMove.apply(on: screen, in: targets[$0].surface, from: shadowBuffer, scrolled: !copies.isEmpty) } ?? []
        var damage = tracker.collect(from: screen, copies: copies, moves: moves)
        // Copies write raw rows: nothing outside the buffers, even for a screen larger than a
        // surface may be (its side is held at `Surface.maximumSide`).
        let bufferBounds = PixelRect(x: 0, y: 0, width: shadowBuffer.width, height: shadowBuffer.height)
        damage.intersect(bufferBounds)
        guard !damage.isEmpty || needsPresent || !copies.isEmpty || !moves.isEmpty else { return false }
        if let next {
            var written = damage
            for copy in copies { written.add(copy.validArea) }
            for move in moves { written.add(move.valid) }
            bringUpToDate(next, except: written)
            current = next
        }
        timings.paintStart = MonotonicClock.now()
        if damage.isEmpty { lastPaintedPixels = 0 } else { paint(damage) }
        // What the display and remote viewers get: the painted damage and the moved areas.
        var changed = damage
        for copy in copies { changed.add(copy.area) }
        for move in moves { changed.add(move.valid) }
        changed.intersect(bufferBounds)
        lastDamage = changed
        lastScrollCopies = copies.count
        lastLayerMoves = moves.count
        for observer in paintObservers { observer(changed) }
        timings.presentStart = MonotonicClock.now()
        if paintsInPlace {
            try swapchain.presentPainted(bufferIndex: current, damage: changed)
        } else {
            lastCopiedPixels = try swapchain.present(from: shadowBuffer, damage: changed) ?? 0
        }
        needsPresent = false
        timings.end = MonotonicClock.now()
        lastTimings = timings
        frameCount += 1
        return true
    }

    /// Copies into buffer `index` what it missed since it was last shown, from the buffer holding the
    /// last frame, except what this frame repaints anyway: then it holds the last frame there.
    private func bringUpToDate(_ index: Int, except repainted: Region) {
        var missed = swapchain.missedDamage(ofBuffer: index)
        missed.subtract(repainted)
        lastCopiedPixels = 0
        guard index != current, !missed.isEmpty else { return }
        let source = targets[current].surface, target = targets[index].surface
        let bounds = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        var copied = 0
        missed.forEachRect { rect in
            let rect = rect.intersection(bounds)
            guard !rect.isEmpty else { return }
            PixelCopy.copy(rect, from: source, to: swapchain.output.buffers[index], rotation: .none)
            target.markDirty(rect)
            copied += rect.area
        }
        lastCopiedPixels = copied
    }

    /// Paints the whole screen into a new surface from scratch: the reference a partial repaint
    /// must equal bit for bit.
    public func renderFullFrame() -> Surface {
        renderFullFrame(copyingPictures: true)
    }

    private func renderFullFrame(copyingPictures: Bool) -> Surface {
        screen.layoutIfNeeded()
        let surface = Surface(width: shadowBuffer.width, height: shadowBuffer.height, format: .xrgb8888)
        let fullCanvas = Canvas(surface: surface, shadowMasks: shadowMasks, shapeMasks: shapeMasks, pictures: pictures)
        fullCanvas.copiesPictures = copyingPictures
        painter.paint(screen, rect: PixelRect(x: 0, y: 0, width: surface.width, height: surface.height), into: fullCanvas)
        return surface
    }

    /// The whole screen painted view by view, without composing any layer or copying any picture:
    /// what a frame composed from layers (`View.composesAsLayer`) and pictures (`BackdropPicture`)
    /// must equal bit for bit.
    public func renderFullFrameWithoutLayers() -> Surface {
        painter.composesLayers = false
        defer { painter.composesLayers = true }
        return renderFullFrame(copyingPictures: false)
    }

    /// How many times the layer of `view` was painted (zero when it has none).
    public func layerPaintCount(of view: View) -> Int {
        (view.layerCache as? LayerCache)?.paintCount ?? 0
    }

    /// Views painted by the last frame.
    public var lastViewsPainted: Int { painter.viewsPainted }

    /// Paints a region into `shadowBuffer` (the frame painted last) without presenting: the
    /// benchmark measures painting alone.
    public func paint(_ damage: Region) {
        painter.resetStatistics()
        var painted = 0
        for rect in Self.mergedRects(of: damage) {
            painter.paint(screen, rect: rect, into: canvas)
            painted += rect.area
        }
        lastPaintedPixels = painted
    }

    /// Each rectangle costs a traversal of the tree; neighbouring rectangles are merged when the
    /// pixels added are cheaper than another traversal.
    static func mergedRects(of damage: Region) -> [PixelRect] {
        var rects = damage.rects
        let traversalCost = 2048
        var merged = true
        while merged && rects.count > 1 {
            merged = false
            outer: for i in 0..<rects.count {
                for j in (i + 1)..<rects.count {
                    let union = rects[i].union(rects[j])
                    if union.area - rects[i].area - rects[j].area + rects[i].intersection(rects[j]).area < traversalCost {
                        rects[i] = union
                        rects.remove(at: j)
                        merged = true
                        break outer
                    }
                }
            }
        }
        return rects
    }
}

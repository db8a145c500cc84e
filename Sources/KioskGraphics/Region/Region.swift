import CPixman

/// A set of whole pixels, kept by pixman as a list of non-overlapping bands of rectangles.
/// It is a value: copies are independent (the pixman region is copied on first write).
public struct Region: CustomStringConvertible {
    private var storage: RegionStorage

    public init() {
        storage = RegionStorage()
    }

    public init(_ rect: PixelRect) {
        storage = RegionStorage()
        if !rect.isEmpty { storage.reset(to: rect) }
    }

    public static var empty: Region { Region() }

    public var isEmpty: Bool {
        pixman_region32_not_empty(storage.region) == 0
    }

    /// The smallest rectangle holding the whole region.
    public var bounds: PixelRect {
        guard let box = pixman_region32_extents(storage.region)?.pointee, !isEmpty else { return .zero }
        return PixelRect(x: Int(box.x1), y: Int(box.y1), width: Int(box.x2 - box.x1), height: Int(box.y2 - box.y1))
    }

    /// The region as pixman keeps it: non-overlapping rectangles, top to bottom, left to right.
    public var rects: [PixelRect] {
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(storage.region, &count), count > 0 else { return [] }
        return (0..<Int(count)).map { index in
            let box = boxes[index]
            return PixelRect(x: Int(box.x1), y: Int(box.y1), width: Int(box.x2 - box.x1), height: Int(box.y2 - box.y1))
        }
    }

    /// Calls `body` for every rectangle without building an array (the frame path uses this).
    public func forEachRect(_ body: (PixelRect) -> Void) {
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(storage.region, &count) else { return }
        for index in 0..<Int(count) {
            let box = boxes[index]
            body(PixelRect(x: Int(box.x1), y: Int(box.y1), width: Int(box.x2 - box.x1), height: Int(box.y2 - box.y1)))
        }
    }

    /// The number of pixels in the region.
    public var area: Int {
        var total = 0
        forEachRect { total += $0.area }
        return total
    }

    public mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        makeUnique()
        let box = Self.box(rect)
        pixman_region32_union_rect(storage.region, storage.region, box.x1, box.y1, Self.width(box), Self.height(box))
    }

    public mutating func add(_ other: Region) {
        guard !other.isEmpty else { return }
        makeUnique()
        pixman_region32_union(storage.region, storage.region, other.storage.region)
    }

    public mutating func subtract(_ other: Region) {
        guard !other.isEmpty, !isEmpty else { return }
        makeUnique()
        pixman_region32_subtract(storage.region, storage.region, other.storage.region)
    }

    public mutating func intersect(_ rect: PixelRect) {
        makeUnique()
        let box = Self.box(rect)
        pixman_region32_intersect_rect(storage.region, storage.region, box.x1, box.y1, Self.width(box), Self.height(box))
    }

    public mutating func intersect(_ other: Region) {
        makeUnique()
        pixman_region32_intersect(storage.region, storage.region, other.storage.region)
    }

    /// The region moved by `offset` (which a 32-bit pixman coordinate must hold: callers move by
    /// less than a screen).
    public func offsetBy(_ offset: PixelOffset) -> Region {
        var moved = self
        moved.makeUnique()
        pixman_region32_translate(moved.storage.region, Int32(clamping: offset.x), Int32(clamping: offset.y))
        return moved
    }

    public mutating func removeAll() {
        if isEmpty { return }
        makeUnique()
        pixman_region32_clear(storage.region)
    }

    public func contains(x: Int, y: Int) -> Bool {
        pixman_region32_contains_point(storage.region, Int32(clamping: x), Int32(clamping: y), nil) != 0
    }

    public func intersects(_ rect: PixelRect) -> Bool {
        guard !rect.isEmpty else { return false }
        var box = Self.box(rect)
        return pixman_region32_contains_rectangle(storage.region, &box) != PIXMAN_REGION_OUT
    }

    public func contains(_ rect: PixelRect) -> Bool {
        guard !rect.isEmpty else { return true }
        var box = Self.box(rect)
        return pixman_region32_contains_rectangle(storage.region, &box) == PIXMAN_REGION_IN
    }

    /// pixman's coordinates are 32-bit: a rectangle reaching beyond them is cut at their edge.
    static func box(_ rect: PixelRect) -> pixman_box32_t {
        pixman_box32_t(x1: Int32(clamping: rect.x), y1: Int32(clamping: rect.y),
                       x2: Int32(clamping: rect.maxX), y2: Int32(clamping: rect.maxY))
    }

    static func width(_ box: pixman_box32_t) -> UInt32 { UInt32(clamping: Int(box.x2) - Int(box.x1)) }
    static func height(_ box: pixman_box32_t) -> UInt32 { UInt32(clamping: Int(box.y2) - Int(box.y1)) }

    public var description: String {
        "Region(" + rects.map(\.description).joined(separator: " ") + ")"
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy()
        }
    }
}

extension Region: Equatable {
    public static func == (lhs: Region, rhs: Region) -> Bool {
        pixman_region32_equal(lhs.storage.region, rhs.storage.region) != 0
    }
}

/// Owns one pixman region; `Region` shares it until a write.
/// The region lives at a fixed address because pixman's calls take it as source and destination at once.
private final class RegionStorage {
    let region: UnsafeMutablePointer<pixman_region32_t>

    init() {
        region = .allocate(capacity: 1)
        pixman_region32_init(region)
    }

    deinit {
        pixman_region32_fini(region)
        region.deallocate()
    }

    func reset(to rect: PixelRect) {
        pixman_region32_fini(region)
        let box = Region.box(rect)
        pixman_region32_init_rect(region, box.x1, box.y1, Region.width(box), Region.height(box))
    }

    func copy() -> RegionStorage {
        let copy = RegionStorage()
        pixman_region32_copy(copy.region, region)
        return copy
    }
}

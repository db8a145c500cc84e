/// Values kept by key within a count and a byte budget, the least recently used dropped first.
///
/// The mask caches hold A8 surfaces whose size follows the views: a count alone bounds how many
/// there are, not how much memory they take, and a panel whose widgets grow (a `set` of a size, a
/// reload) would fill the same count with ever larger masks. The budget keeps the resident set
/// flat; the newest value is always kept, so a single mask larger than the budget is still reused.
struct LeastRecentlyUsedCache<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var bytes: Int
        var lastUse: Int
    }

    let capacity: Int
    let byteBudget: Int
    private var entries: [Key: Entry] = [:]
    private var useCounter = 0
    private(set) var bytes = 0

    init(capacity: Int, byteBudget: Int) {
        self.capacity = max(1, capacity)
        self.byteBudget = max(0, byteBudget)
    }

    var count: Int { entries.count }

    /// The value kept for `key`, now the most recently used.
    mutating func value(for key: Key) -> Value? {
        guard entries[key] != nil else { return nil }
        useCounter += 1
        entries[key]!.lastUse = useCounter
        return entries[key]!.value
    }

    /// Keeps `value`, first dropping the least recently used values until it fits.
    mutating func insert(_ value: Value, bytes size: Int, for key: Key) {
        if let old = entries.removeValue(forKey: key) { bytes -= old.bytes }
        while !entries.isEmpty && (entries.count >= capacity || bytes + size > byteBudget) {
            let oldest = entries.min { $0.value.lastUse < $1.value.lastUse }!
            bytes -= oldest.value.bytes
            entries.removeValue(forKey: oldest.key)
        }
        useCounter += 1
        entries[key] = Entry(value: value, bytes: size, lastUse: useCounter)
        bytes += size
    }

    /// Drops the values whose key matches (a file that changed on disk).
    mutating func removeValues(where matches: (Key) -> Bool) {
        for key in entries.keys where matches(key) {
            bytes -= entries.removeValue(forKey: key)!.bytes
        }
    }
}

import Glibc

/// A small shared cache guarded by a lock, for objects that are expensive to make (ICU formatters,
/// compiled regular expressions). The module is not bound to a thread, so the caches are shared
/// by every thread that evaluates; when full they are emptied, which keeps them bounded without
/// bookkeeping (a kiosk uses a handful of locales and styles).
final class LockedCache<Key: Hashable, Value>: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()
    private var entries: [Key: Value] = [:]
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Runs `body` with the value for `key` (made on first use) while holding the lock, so that an
    /// object which is not thread-safe, such as an ICU formatter, is used by one thread at a time.
    func withValue<Result, Failure: Error>(for key: Key, make: () -> Value,
                                           _ body: (Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        let value: Value
        if let cached = entries[key] {
            value = cached
        } else {
            value = make()
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
        return try body(value)
    }

    var count: Int {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return entries.count
    }
}

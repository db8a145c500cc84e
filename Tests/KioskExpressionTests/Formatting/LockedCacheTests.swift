import Testing
@testable import KioskExpression

@Suite struct LockedCacheTests {
    @Test func aValueIsMadeOnceAndReused() {
        let cache = LockedCache<String, Int>(capacity: 4)
        var made = 0
        for _ in 0..<3 {
            let value = cache.withValue(for: "a", make: { made += 1; return 42 }) { $0 }
            #expect(value == 42)
        }
        #expect(made == 1)
    }

    @Test func theCacheNeverHoldsMoreThanItsCapacity() {
        let cache = LockedCache<Int, Int>(capacity: 4)
        for key in 0..<100 {
            cache.withValue(for: key, make: { key }) { _ in }
            #expect(cache.count <= 4)
        }
        // Emptied when full, so the latest keys are the ones kept.
        var remade = false
        cache.withValue(for: 99, make: { remade = true; return 0 }) { _ in }
        #expect(!remade)
    }
}

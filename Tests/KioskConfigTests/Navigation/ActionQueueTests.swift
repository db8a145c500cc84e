import KioskConfig
import Testing

/// The queue runs lists depth first, as nested calls would, and keeps each action's depth.
@Suite struct ActionQueueTests {
    @Test func aListPushedWhileAnotherRunsRunsBeforeTheRestOfIt() {
        var queue = ActionQueue()
        queue.push([.emit(event: "a1", value: nil), .emit(event: "a2", value: nil)], navigationDepth: 0)
        var order: [String] = []
        var depths: [Int] = []
        while let item = queue.next() {
            guard case .emit(let name, _) = item.action else { continue }
            order.append(name)
            depths.append(item.navigationDepth)
            if name == "a1" {
                queue.push([.emit(event: "b1", value: nil), .emit(event: "b2", value: nil)], navigationDepth: 1,
                           onShowOf: "b")
            }
        }
        #expect(order == ["a1", "b1", "b2", "a2"])
        #expect(depths == [0, 1, 1, 0])
    }

    @Test func removeAllDropsEverythingWaiting() {
        var queue = ActionQueue()
        queue.push([.back, .back], navigationDepth: 0)
        queue.push([.back], navigationDepth: 1, onShowOf: "x")
        let first = queue.next()
        #expect(first?.onShowOf == "x")
        #expect(first?.position == 0)
        queue.removeAll()
        #expect(queue.next() == nil)
        #expect(queue.isEmpty)
    }
}

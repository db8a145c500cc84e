/// The dirty bindings of one evaluation pass, smallest first (a binary heap): bindings marked while
/// the pass runs (those reading a value just written) join it in their place.
struct BindingQueue<Element> {
    private var items: [Element] = []
    private let precedes: (Element, Element) -> Bool

    init(_ elements: some Sequence<Element>, by precedes: @escaping (Element, Element) -> Bool) {
        self.precedes = precedes
        for element in elements { push(element) }
    }

    mutating func push(_ element: Element) {
        items.append(element)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Element? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let first = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < items.count, precedes(items[left], items[smallest]) { smallest = left }
            if right < items.count, precedes(items[right], items[smallest]) { smallest = right }
            guard smallest != parent else { return first }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }
}

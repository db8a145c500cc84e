import KioskExpression

/// The bindings of widgets with ids, as a graph: from a bound property (`ring.value`) to the
/// widget values its formula reads, each read with the place it is written.
nonisolated struct BindingGraph {
    struct Edge {
        var target: String
        /// Where the formula reads `target`; nil for what a derived value follows.
        var location: SourceLocation?
    }

    /// `id.property` → what it reads.
    private(set) var edges: [String: [Edge]] = [:]
    /// Bound properties in the order they were written, so that a cycle is reported from the
    /// binding written first.
    private(set) var order: [String] = []

    mutating func addBinding(_ key: String, reading: [Edge]) {
        if edges[key] == nil { order.append(key) }
        edges[key] = reading
    }

    /// A derived value (`plate.valid`) changes with the properties it follows (`plate.text`).
    mutating func addDerived(_ key: String, follows: [String]) {
        guard edges[key] == nil else { return }
        edges[key] = follows.map { Edge(target: $0, location: nil) }
    }
}

nonisolated extension DecodingContext {
    /// Adds a binding of a widget with an id to the graph the cycle check walks.
    func recordBinding(_ binding: PropertyBinding, ofWidget id: String) {
        var reads: [BindingGraph.Edge] = []
        for reference in binding.formula.formula.references where reference.path.count >= 2 {
            let widget = reference.path[0], member = reference.path[1]
            guard let declaration = widgetTypes[widget] else { continue }
            let target = widget + "." + member
            if let derived = ExpressionNames.derivedMembers[declaration.type]?[member] {
                bindingGraph.addDerived(target, follows: derived.follows.map { widget + "." + $0 })
            }
            reads.append(BindingGraph.Edge(target: target, location: binding.formula.location(of: reference.span)))
        }
        bindingGraph.addBinding(id + "." + binding.property, reading: reads)
    }

    /// Bindings that read each other in a circle would never settle: each cycle is reported once,
    /// at the read that closes it, found by one depth-first walk (linear in the bindings).
    func checkBindingCycles() {
        enum Mark { case open, done }
        struct Frame {
            var key: String
            var next = 0
            /// Where the walk came in, for the reads of a derived value (which have no place).
            var entered: SourceLocation?
        }
        var marks: [String: Mark] = [:]
        for root in bindingGraph.order where marks[root] == nil {
            var stack = [Frame(key: root)]
            var positions = [root: 0]
            marks[root] = .open
            while let frame = stack.last {
                let edges = bindingGraph.edges[frame.key] ?? []
                guard frame.next < edges.count else {
                    marks[frame.key] = .done
                    positions[frame.key] = nil
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let edge = edges[frame.next]
                switch marks[edge.target] {
                case nil:
                    // A property that is not bound ends the path.
                    guard bindingGraph.edges[edge.target] != nil else { continue }
                    marks[edge.target] = .open
                    positions[edge.target] = stack.count
                    stack.append(Frame(key: edge.target, entered: edge.location ?? frame.entered))
                case .open:
                    guard let start = positions[edge.target], let place = edge.location ?? frame.entered else { continue }
                    let names = stack[start...].map(\.key) + [edge.target]
                    report(at: place, "binding cycle: " + names.joined(separator: " → "),
                           expected: "bindings that do not depend, directly or through others, on the property they set")
                case .done:
                    continue
                }
            }
        }
    }
}

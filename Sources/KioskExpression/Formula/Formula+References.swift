extension Formula {
    /// Names read, for dependencies and checks: `hours.value` → ["hours", "value"], `now` → ["now"],
    /// `state.hours` → ["state", "hours"], `weather.temp.max` → ["weather", "temp", "max"]
    /// (every member chain from a root name, as far as it is static member access), in text order.
    public var references: [NameReference] {
        var references: [NameReference] = []
        for node in rootNodes { Self.collectReferences(in: node, into: &references) }
        return references.sorted { $0.span.offset < $1.span.offset }
    }

    /// The expressions of this formula: one, or one per `${…}` part.
    var rootNodes: [SyntaxNode] {
        switch content {
        case .expression(let node): [node]
        case .template(let parts):
            parts.compactMap { part in
                if case .expression(let node) = part { return node }
                return nil
            }
        }
    }

    private static func collectReferences(in node: SyntaxNode, into references: inout [NameReference]) {
        if let chain = node.memberChain {
            references.append(NameReference(path: chain, span: node.span))
            return
        }
        for child in node.kind.children { collectReferences(in: child, into: &references) }
    }
}

extension SyntaxNode {
    /// `name.member.member…` with nothing else in it, as a path; nil for anything else.
    var memberChain: [String]? {
        switch kind {
        case .name(let name): return [name]
        case .member(let base, let name, _): return base.memberChain.map { $0 + [name] }
        default: return nil
        }
    }
}

import KioskExpression
/// Turns libyaml's events into a `YAMLNode` tree without recursion, resolving anchors, aliases and
/// `<<` merge keys, and refusing what a config never needs: duplicate keys, non-text keys, more
/// than one document, absurd nesting and alias "bombs" that expand to millions of nodes.
nonisolated struct YAMLDocumentBuilder {
    static let maximumDepth = 200
    static let maximumExpandedNodes = 2_000_000

    private struct Collection {
        var location: SourceLocation
        var anchor: String?
        var isMapping: Bool
        var items: [YAMLNode] = []
        var entries: [YAMLNode.Entry] = []
        var merges: [YAMLNode] = []
        var pendingKey: (text: String, location: SourceLocation)?
        var keyIsInvalid = false
        var weight = 1
    }

    private var stack: [Collection] = []
    private var anchors: [String: (node: YAMLNode, weight: Int)] = [:]
    private var totalWeight = 0
    private var root: YAMLNode?
    private(set) var errors: [ConfigError] = []

    /// Reads the whole stream. A syntax error ends reading (nothing after it can be trusted); other
    /// mistakes are collected and reading goes on.
    static func build(bytes: [UInt8], file: String) -> (root: YAMLNode?, errors: [ConfigError]) {
        var builder = YAMLDocumentBuilder()
        let reader = YAMLEventReader(bytes: bytes, file: file)
        var documents = 0
        do {
            loop: while true {
                switch try reader.next() {
                case .streamEnd:
                    break loop
                case .documentStart(let location):
                    documents += 1
                    if documents == 2 {
                        builder.errors.append(ConfigError(at: location, "a config holds one YAML document",
                                                          expected: "a single document", found: "a second '---'"))
                    }
                case .documentEnd:
                    continue
                case .scalar(let scalar, let anchor, let location):
                    try builder.add(YAMLNode(.scalar(scalar), at: location), weight: 1, anchor: anchor)
                case .alias(let name, let location):
                    guard let target = builder.anchors[name] else {
                        builder.errors.append(ConfigError(at: location, "unknown alias '*\(name)'",
                                                          suggestion: NameSuggestion.closest(to: name, among: builder.anchors.keys)))
                        try builder.add(YAMLNode(.scalar(.init(text: "", isPlain: true)), at: location), weight: 1, anchor: nil)
                        continue
                    }
                    var node = target.node
                    node.location = location
                    try builder.add(node, weight: target.weight, anchor: nil)
                case .sequenceStart(let anchor, let location):
                    try builder.open(Collection(location: location, anchor: anchor, isMapping: false))
                case .mappingStart(let anchor, let location):
                    try builder.open(Collection(location: location, anchor: anchor, isMapping: true))
                case .sequenceEnd, .mappingEnd:
                    try builder.close()
                }
            }
        } catch {
            builder.errors.append(error)
            return (nil, builder.errors)
        }
        return (builder.root, builder.errors)
    }

    private mutating func open(_ collection: Collection) throws(ConfigError) {
        guard stack.count < Self.maximumDepth else {
            throw ConfigError(at: collection.location, "nesting is deeper than \(Self.maximumDepth) levels")
        }
        stack.append(collection)
    }

    private mutating func close() throws(ConfigError) {
        var collection = stack.removeLast()
        let node: YAMLNode
        if collection.isMapping {
            applyMerges(into: &collection)
            node = YAMLNode(.mapping(collection.entries), at: collection.location)
        } else {
            node = YAMLNode(.sequence(collection.items), at: collection.location)
        }
        try add(node, weight: collection.weight, anchor: collection.anchor)
    }

    private mutating func add(_ node: YAMLNode, weight: Int, anchor: String?) throws(ConfigError) {
        totalWeight += weight
        guard totalWeight <= Self.maximumExpandedNodes else {
            throw ConfigError(at: node.location, "the document expands to more than \(Self.maximumExpandedNodes) values",
                              expected: "a config of reasonable size (check for aliases repeated many times)")
        }
        if let anchor { anchors[anchor] = (node, weight) }
        guard !stack.isEmpty else {
            if root == nil { root = node }
            return
        }
        stack[stack.count - 1].weight += weight
        if stack[stack.count - 1].isMapping {
            addToMapping(node)
        } else {
            stack[stack.count - 1].items.append(node)
        }
    }

    private mutating func addToMapping(_ node: YAMLNode) {
        var top = stack.removeLast()
        defer { stack.append(top) }
        guard let key = top.pendingKey else {
            if top.keyIsInvalid {
                // The value of a key already reported as invalid.
                top.keyIsInvalid = false
            } else if let scalar = node.scalar {
                top.pendingKey = (scalar.text, node.location)
            } else {
                errors.append(ConfigError(at: node.location, "a mapping key must be plain text", found: node.summary))
                top.keyIsInvalid = true
            }
            return
        }
        top.pendingKey = nil
        if key.text == "<<" {
            top.merges.append(node)
        } else if let first = top.entries.first(where: { $0.key == key.text }) {
            errors.append(ConfigError(at: key.location,
                                      "duplicate key '\(key.text)' (first written at \(first.keyLocation.line):\(first.keyLocation.column))"))
        } else {
            top.entries.append(YAMLNode.Entry(key: key.text, keyLocation: key.location, value: node))
        }
    }

    /// `<<: *base` (or a list of them) adds the base's keys that the mapping does not write itself.
    private mutating func applyMerges(into collection: inout Collection) {
        for merge in collection.merges {
            let sources = merge.sequence ?? [merge]
            for source in sources {
                guard let entries = source.mapping else {
                    errors.append(ConfigError(at: source.location, "a '<<' merge takes a mapping",
                                              expected: "an alias of a mapping", found: source.summary))
                    continue
                }
                for entry in entries where !collection.entries.contains(where: { $0.key == entry.key }) {
                    collection.entries.append(entry)
                }
            }
        }
    }
}

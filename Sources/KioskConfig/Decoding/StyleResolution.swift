import KioskExpression
/// A named style with the styles it extends folded in: base properties first, its own last.
nonisolated struct StyleDefinition {
    var name: String
    /// Set when the style is only for one component type (`type: button`).
    var type: String?
    var entries: [YAMLNode.Entry]
    var location: SourceLocation
}

nonisolated extension DecodingContext {
    /// `styles: {name: {extends: other, type: button, property: value…}}`.
    func resolveStyles(_ node: YAMLNode) -> [String: StyleDefinition] {
        guard let entries = mapping(node, describing: "'styles'") else { return [:] }
        var declared: [String: YAMLNode] = [:]
        for entry in entries {
            guard mapping(entry.value, describing: "style '\(entry.key)'") != nil else { continue }
            declared[entry.key] = entry.value
        }
        var resolved: [String: StyleDefinition] = [:]
        let allNames = registry.allPropertyNames
        for entry in entries {
            guard let style = declared[entry.key] else { continue }
            let type = style["type"]?.scalar?.text
            if let typeNode = style["type"], registry.schema(for: type ?? "") == nil {
                report(at: typeNode.location, "unknown component type '\(type ?? "")' in style '\(entry.key)'",
                       suggestion: NameSuggestion.closest(to: type ?? "", among: registry.typeNames))
            }
            let known = registry.schema(for: type ?? "").map { $0.properties.map(\.name) } ?? Array(allNames)
            for property in style.mapping ?? [] where !["extends", "type"].contains(property.key) && !known.contains(property.key) {
                report(at: property.keyLocation, "unknown property '\(property.key)' in style '\(entry.key)'",
                       suggestion: NameSuggestion.closest(to: property.key, among: known))
            }
            guard let chain = extensionChain(of: entry.key, declared: declared) else { continue }
            var merged: [YAMLNode.Entry] = []
            for name in chain.reversed() {
                for property in declared[name]?.mapping ?? [] where !["extends", "type"].contains(property.key) {
                    merged.removeAll { $0.key == property.key }
                    merged.append(property)
                }
            }
            resolved[entry.key] = StyleDefinition(name: entry.key, type: type, entries: merged, location: entry.keyLocation)
        }
        return resolved
    }

    /// The style and the styles it extends, nearest first; nil when the chain is broken (an
    /// unknown base, or a cycle, reported at the `extends` that closes it).
    private func extensionChain(of name: String, declared: [String: YAMLNode]) -> [String]? {
        var chain = [name]
        var current = name
        while let extendsNode = declared[current]?["extends"] {
            guard let base = extendsNode.scalar?.text, !extendsNode.isNull else {
                report(at: extendsNode.location, "invalid value for 'extends'", expected: "the name of a style",
                       found: extendsNode.summary)
                return nil
            }
            guard declared[base] != nil else {
                // Reported once, for the style that writes it.
                if current == name {
                    report(at: extendsNode.location, "style '\(current)' extends unknown style '\(base)'",
                           suggestion: NameSuggestion.closest(to: base, among: declared.keys))
                }
                return nil
            }
            if chain.contains(base) {
                // Only the styles on the cycle report it; styles leading into it just stop.
                if base == name {
                    let cycle = (chain + [base]).joined(separator: " → ")
                    let start = declared[name]?["extends"]?.location ?? extendsNode.location
                    report(at: start, "styles extend each other in a cycle: \(cycle)")
                }
                return nil
            }
            chain.append(base)
            current = base
        }
        return chain
    }
}

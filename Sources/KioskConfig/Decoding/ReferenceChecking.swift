import KioskExpression
/// Checks that names used in one place are defined in another: string keys, locales, panels,
/// widget ids and their properties.
nonisolated extension DecodingContext {
    /// Every locale must define a key a text uses, or switching to that locale would show `@key`.
    func checkStringKey(_ key: String, at location: SourceLocation) {
        guard !strings.tables.isEmpty else {
            report(at: location, "unknown string '@\(key)'", expected: "a 'strings' section defining '\(key)'",
                   found: "no string tables")
            return
        }
        let missing = strings.locales.filter { strings.string(forKey: key, locale: $0) == nil }
        guard !missing.isEmpty else { return }
        let known = Set(strings.tables.values.flatMap(\.keys))
        let suggestion = NameSuggestion.closest(to: key, among: known).map { "@" + $0 }
        if missing.count == strings.locales.count {
            report(at: location, "unknown string '@\(key)'", suggestion: suggestion)
        } else {
            report(at: location, "string '@\(key)' is missing for locale " + missing.map { "'\($0)'" }.joined(separator: ", "))
        }
    }

    /// A locale must have a string table once any table exists.
    func checkLocale(_ locale: String, at location: SourceLocation) {
        guard !strings.tables.isEmpty, strings.tables[locale] == nil else { return }
        report(at: location, "unknown locale '\(locale)'",
               expected: "one of the locales under 'strings': " + strings.locales.joined(separator: ", "),
               suggestion: NameSuggestion.closest(to: locale, among: strings.locales))
    }

    func checkPanel(_ panel: String, at location: SourceLocation) {
        guard !panelIDs.contains(panel) else { return }
        report(at: location, "unknown panel '\(panel)'", suggestion: NameSuggestion.closest(to: panel, among: panelIDs))
    }

    /// The schema of the widget an id names, or nil after reporting it unknown.
    func schemaOfWidget(_ id: String, at location: SourceLocation) -> ComponentSchema? {
        guard let declaration = widgetTypes[id] else {
            report(at: location, "unknown widget id '\(id)'", suggestion: NameSuggestion.closest(to: id, among: widgetTypes.keys))
            return nil
        }
        return registry.schema(for: declaration.type)
    }
}

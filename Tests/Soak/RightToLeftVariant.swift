/// The showcase laid out right to left: its English strings as a Hebrew table, made the locale.
/// Mirrored layouts (sliders, gauges, charts, text fields, alerts) place what they draw
/// differently, so the extremes are set on them both ways.
enum RightToLeftVariant {
    static func apply(to yaml: String) throws -> String {
        guard let locale = yaml.range(of: "\n  locale: en\n"), let english = yaml.range(of: "\nstrings:\n  en:\n"),
              let next = yaml.range(of: "\n  es:\n", range: english.upperBound..<yaml.endIndex) else {
            throw ConfigVariant.Missing(description: "the right-to-left variant no longer applies: "
                                        + "the config has no 'locale: en' or no 'en' and 'es' string tables")
        }
        let hebrew = "  he:\n" + yaml[english.upperBound..<next.lowerBound] + "\n"
        var text = yaml
        text.insert(contentsOf: hebrew, at: text.index(after: next.lowerBound))
        text.replaceSubrange(locale, with: "\n  locale: he\n")
        return text
    }
}

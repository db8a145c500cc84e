import KioskExpression
import KioskGraphics

/// `display.brightness` and `display.antiburn`: what the kiosk does to the picture as a whole.
nonisolated extension DecodingContext {
    /// The longest colour cycle `display.idle.antiburn` may run: it keeps the display on.
    static let longestColourCycle = 600.0
    /// The widest `display.antiburn.shift`: past it the picture visibly moves.
    static let widestAntiburnShift = 32

    /// A number from 0 to 1, or `= …` giving one (checked as a binding is).
    func brightness(_ node: YAMLNode) -> BrightnessSpec? {
        switch writtenValue(of: node, allowsTemplate: false) {
        case .formula(let spec):
            check(spec, expecting: .number, insideActions: false)
            return .formula(spec)
        case .invalid:
            return nil
        case .literal:
            return value(of: node, as: .number(0...1), named: "display.brightness")?.number.map(BrightnessSpec.level)
        }
    }

    /// `{every: 1h, shift: 4}`.
    func antiburn(_ node: YAMLNode) -> AntiburnSpec? {
        guard let entries = mapping(node, describing: "'display.antiburn'") else { return nil }
        rejectUnknownKeys(in: entries, known: ["every", "shift"], describing: "'display.antiburn'")
        var antiburn = AntiburnSpec()
        if let value = node["every"], let every = self.value(of: value, as: .duration, named: "display.antiburn.every")?.number {
            if every >= 1 {
                antiburn.every = every
            } else {
                report(at: value.location, "value out of range for 'display.antiburn.every'", expected: "at least 1s",
                       found: "\(every.compact)s")
            }
        }
        if let value = node["shift"] {
            if let shift = ScalarReading.integer(value), (1...Self.widestAntiburnShift).contains(shift) {
                antiburn.shift = shift
            } else {
                report(at: value.location, "invalid value for 'display.antiburn.shift'",
                       expected: "whole pixels from 1 to \(Self.widestAntiburnShift)", found: value.summary)
            }
        }
        return antiburn
    }

    /// `theme.fonts: [dir or file…]`: each loaded now (relative to the config's directory), so
    /// that the families they bring are known to every `font:` checked after. The paths as written.
    func loadFonts(_ node: YAMLNode) -> [String] {
        guard let items = node.sequence else {
            report(at: node.location, "invalid value for 'theme.fonts'", expected: "a list of font files or directories",
                   found: node.summary)
            return []
        }
        var paths: [String] = []
        for item in items {
            guard let text = item.scalar?.text, !item.isNull, !text.isEmpty else {
                report(at: item.location, "invalid value in 'theme.fonts'", expected: "a font file or directory",
                       found: item.summary)
                continue
            }
            paths.append(text)
            let path = text.hasPrefix("/") || imageDirectory == nil ? text : "\(imageDirectory!)/\(text)"
            do {
                try FontLibrary.load(path)
            } catch {
                report(at: item.location, error.description, expected: "a TTF or OTF file, or a directory of them")
            }
        }
        return paths
    }

    /// Names fontconfig resolves to a configured family rather than one of a file.
    static let genericFontFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "system-ui"]

    /// A `font:`'s family must be one text can be drawn in: the system's or `theme.fonts`'.
    func checkFontFamily(_ family: String, at node: YAMLNode) {
        guard !Self.genericFontFamilies.contains(family.lowercased()), !FontLibrary.hasFamily(family) else { return }
        let families = FontLibrary.families
        let shown = families.prefix(30).joined(separator: ", ") + (families.count > 30 ? ", …" : "")
        report(at: node.location, "no font family '\(family)'", expected: "one of the families available: \(shown)"
               + " (add font files with theme.fonts)", suggestion: NameSuggestion.closest(to: family, among: families))
    }
}

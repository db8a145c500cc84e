import FoundationEssentials
import Glibc
import KioskGraphics
import KioskExpression

/// Puts a calibration matrix into a config's text as `input.calibration`, changing only the lines
/// that hold it: comments, blank lines, key order and quoting elsewhere stay as the author wrote
/// them (a line edit, not a re-serialisation, which would lose all of that).
///
/// - An existing `calibration:` (one line, or a list over several) becomes one line, keeping the
///   comment written after it.
/// - An `input:` mapping without it gains the line as its first entry; an empty `input:` too.
/// - A config without `input:` gains the section at its end.
/// The result is parsed and decoded again: it must hold exactly the new matrix and nothing may have
/// broken, or the edit is refused.
nonisolated public enum CalibrationEdit {
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    /// The text with `input.calibration` set to `values` (six numbers).
    public static func setting(_ values: [Double], in text: String, file: String,
                               registry: ComponentRegistry = .standard) throws(Refusal) -> String {
        guard values.count == 6, values.allSatisfy(\.isFinite) else {
            throw Refusal(description: "a calibration is six finite numbers, not \(values)")
        }
        let (parsed, errors) = YAMLParser.parse(text, file: file)
        guard errors.isEmpty, let root = parsed, let entries = root.mapping else {
            throw Refusal(description: "\(file) is not a YAML mapping that can be edited line by line"
                          + (errors.first.map { ": \($0)" } ?? ""))
        }
        var lines = text.components(separatedBy: "\n")
        let hadFinalNewline = text.hasSuffix("\n")
        if hadFinalNewline { lines.removeLast() }
        let value = flowList(values)
        let indentUnit = Self.indentUnit(of: entries)

        if let input = entries.first(where: { $0.key == "input" }) {
            let keyLine = input.keyLocation.line - 1
            let keyIndent = input.keyLocation.column - 1
            if input.value.isNull {
                // `input:` with nothing (or `~`) after it: the section's key stays, the entry comes below.
                lines[keyLine] = String(repeating: " ", count: keyIndent) + "input:" + comment(in: lines[keyLine], after: "input")
                lines.insert(String(repeating: " ", count: keyIndent + indentUnit) + "calibration: " + value, at: keyLine + 1)
            } else if let inputEntries = input.value.mapping, input.value.location.line - 1 > keyLine {
                if let existing = inputEntries.first(where: { $0.key == "calibration" }) {
                    let line = existing.keyLocation.line - 1
                    let last = lastLine(ofValueAt: line, before: nextKeyLine(after: line, in: root), in: lines)
                    let prefix = String(lines[line].prefix(existing.keyLocation.column - 1))
                    let replacement = prefix + "calibration: " + value + comment(in: lines[line], after: "calibration")
                    lines.replaceSubrange(line...last, with: [replacement])
                } else {
                    let first = inputEntries[0].keyLocation
                    lines.insert(String(repeating: " ", count: first.column - 1) + "calibration: " + value, at: first.line - 1)
                }
            } else {
                throw Refusal(description: "'input' in \(file) is not written as an indented block; add "
                              + "`calibration: \(value)` to it by hand")
            }
        } else {
            while let last = lines.last, last.trimmingWhitespace().isEmpty { lines.removeLast() }
            lines += ["", "input:", String(repeating: " ", count: indentUnit) + "calibration: " + value]
        }

        let edited = lines.joined(separator: "\n") + "\n"
        try verify(edited, holds: values, original: text, file: file, registry: registry)
        return edited
    }

    /// "[1.176471, 0, -0.105882, 0, 1.111111, -0.033333]": six decimals are a hundredth of a pixel
    /// on an 8K panel.
    public static func flowList(_ values: [Double]) -> String {
        "[" + values.map(number).joined(separator: ", ") + "]"
    }

    /// One value as `flowList` writes it.
    public static func number(_ value: Double) -> String {
        var text = String(cFormat: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// The comment written after `key:` on a line (with all the spaces before it), or "". The values
    /// edited here are numbers, so the first `#` after the key that follows a space begins it.
    private static func comment(in line: String, after key: String) -> String {
        guard let keyRange = line.firstRange(of: key + ":") else { return "" }
        let rest = line[keyRange.upperBound...]
        guard var start = rest.firstRange(of: " #")?.lowerBound ?? rest.firstRange(of: "\t#")?.lowerBound else { return "" }
        while start > rest.startIndex, [" ", "\t"].contains(rest[rest.index(before: start)]) { start = rest.index(before: start) }
        return String(rest[start...])
    }

    /// The first line (0-based) after `line` where any key of the document is written, if any.
    private static func nextKeyLine(after line: Int, in node: YAMLNode) -> Int? {
        var next: Int?
        func visit(_ node: YAMLNode) {
            switch node.content {
            case .scalar: break
            case .sequence(let items): items.forEach(visit)
            case .mapping(let entries):
                for entry in entries {
                    let keyLine = entry.keyLocation.line - 1
                    if keyLine > line, keyLine < (next ?? .max) { next = keyLine }
                    visit(entry.value)
                }
            }
        }
        visit(node)
        return next
    }

    /// The last line of a value that starts on `line`: up to the next key, less the blank and
    /// comment-only lines before that key (they belong to what follows).
    private static func lastLine(ofValueAt line: Int, before nextKey: Int?, in lines: [String]) -> Int {
        var last = (nextKey ?? lines.count) - 1
        while last > line {
            let trimmed = lines[last].trimmingWhitespace()
            guard trimmed.isEmpty || trimmed.hasPrefix("#") else { break }
            last -= 1
        }
        return last
    }

    /// How far the file indents a section's entries (its first indented block), else two spaces.
    private static func indentUnit(of entries: [YAMLNode.Entry]) -> Int {
        for entry in entries {
            if let first = entry.value.mapping?.first, first.keyLocation.line > entry.keyLocation.line {
                let unit = first.keyLocation.column - entry.keyLocation.column
                if unit > 0 { return unit }
            }
        }
        return 2
    }

    /// The edited text must load, hold exactly the new matrix, and read as the same document in
    /// every other respect (the YAML trees compared without their locations, which the edit shifts).
    private static func verify(_ edited: String, holds values: [Double], original: String, file: String,
                               registry: ComponentRegistry) throws(Refusal) {
        let loader = ConfigLoader(registry: registry)
        switch loader.load(bytes: Array(edited.utf8), file: file, imageDirectory: ConfigLoader.directory(of: file)) {
        case .failure(let errors):
            throw Refusal(description: "the edited config would not load; nothing was written:\n\(errors.description)")
        case .success(let spec):
            let written = spec.input.calibration ?? []
            guard written.count == 6, zip(written, values).allSatisfy({ abs($0 - $1) < 5e-7 }) else {
                throw Refusal(description: "the edit did not take in \(file); add `calibration: \(flowList(values))` "
                              + "under `input:` by hand")
            }
        }
        let before = YAMLParser.parse(original, file: file).root.map(withoutCalibration)
        let after = YAMLParser.parse(edited, file: file).root.map(withoutCalibration)
        guard let before, let after, sameContent(before, after) else {
            throw Refusal(description: "the edit would change more than input.calibration in \(file); nothing was written")
        }
    }

    /// The document less `input.calibration`, and less `input` itself when nothing else is in it.
    private static func withoutCalibration(_ root: YAMLNode) -> YAMLNode {
        guard var entries = root.mapping, let index = entries.firstIndex(where: { $0.key == "input" }) else { return root }
        var input = entries[index]
        let rest = (input.value.mapping ?? []).filter { $0.key != "calibration" }
        if rest.isEmpty {
            entries.remove(at: index)
        } else {
            input.value = YAMLNode(.mapping(rest), at: input.value.location)
            entries[index] = input
        }
        return YAMLNode(.mapping(entries), at: root.location)
    }

    /// Equal content, wherever it is written.
    private static func sameContent(_ a: YAMLNode, _ b: YAMLNode) -> Bool {
        switch (a.content, b.content) {
        case (.scalar(let x), .scalar(let y)):
            return x.text == y.text && x.isPlain == y.isPlain
        case (.sequence(let x), .sequence(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { sameContent($0, $1) }
        case (.mapping(let x), .mapping(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && sameContent($0.value, $1.value) }
        default:
            return false
        }
    }
}

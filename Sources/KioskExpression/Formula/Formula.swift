/// What a property text holds: an expression (`= …`) or text with `${…}` parts.
public struct Formula: Hashable, Sendable {
    /// The property text as written, `=` included.
    public let text: String
    let content: Content
    /// Names read as these values before the scope is asked (`fixing(_:)`).
    var fixedNames: [String: ExpressionValue] = [:]

    enum Content: Sendable {
        case expression(SyntaxNode)
        case template([TemplatePart])
    }

    enum TemplatePart: Sendable {
        case literal(String)
        case expression(SyntaxNode)
    }

    /// The formula in `text`, or the first syntax error in it; nil when `text` is neither an
    /// expression nor a template (`"Total"`, or `"$${x}"` which is the literal `${x}`: then
    /// `literalText(of:)` gives the unescaped text).
    public static func parse(_ text: String) -> Result<Formula, ExpressionError>? {
        let characters = Array(text)
        let isExpression = characters.first == "="
        guard isExpression || TemplateScanner.hasParts(characters) else { return nil }
        guard characters.count <= ExpressionLimits.textLength else {
            return .failure(ExpressionError(
                "the formula is too long (\(characters.count) characters, at most \(ExpressionLimits.textLength))",
                at: ExpressionSpan(offset: 0, length: 1)))
        }
        do throws(ExpressionError) {
            if isExpression {
                let node = try Parser.parse(characters, from: 1, inTemplate: false).node
                return .success(Formula(text: text, content: .expression(node)))
            }
            return .success(Formula(text: text, content: .template(try TemplateScanner.parts(of: characters))))
        } catch {
            return .failure(error)
        }
    }

    /// The text a plain property shows: `$${` written as `${`.
    public static func literalText(of text: String) -> String {
        guard text.contains("$${") else { return text }
        return text.replacing("$${", with: "${")
    }

    /// Whether this is text with `${…}` parts (its value is always a text) rather than `= …`.
    public var isTemplate: Bool {
        if case .template = content { return true }
        return false
    }

    public static func == (left: Formula, right: Formula) -> Bool {
        left.text == right.text && left.fixedNames == right.fixedNames
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(fixedNames)
    }
}

/// Splits a template into literal text and `${…}` expressions; `$${` is a literal `${`.
enum TemplateScanner {
    static func hasParts(_ characters: [Character]) -> Bool {
        var index = 0
        while index + 1 < characters.count {
            if characters[index] == "$" {
                if characters[index + 1] == "{" { return true }
                if characters[index + 1] == "$", index + 2 < characters.count, characters[index + 2] == "{" {
                    index += 3
                    continue
                }
            }
            index += 1
        }
        return false
    }

    static func parts(of characters: [Character]) throws(ExpressionError) -> [Formula.TemplatePart] {
        var parts: [Formula.TemplatePart] = []
        var literal = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character == "$", next == "$", index + 2 < characters.count, characters[index + 2] == "{" {
                literal += "${"
                index += 3
            } else if character == "$", next == "{" {
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
                let (node, close) = try Parser.parse(characters, from: index + 2, inTemplate: true)
                parts.append(.expression(node))
                index = close.span.offset + 1
            } else {
                literal.append(character)
                index += 1
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return parts
    }
}

/// Splits a formula into tokens. Offsets count `Character`s of the whole property text, so that a
/// token inside a template's `${…}` points at its place in the text as written.
struct Lexer {
    private let characters: [Character]
    private var position: Int
    /// In a template part the lexer stops at the `}` that closes it.
    private let stopsAtCloseBrace: Bool

    init(_ characters: [Character], from start: Int, stopsAtCloseBrace: Bool) {
        self.characters = characters
        self.position = start
        self.stopsAtCloseBrace = stopsAtCloseBrace
    }

    /// Every token up to the end of the text (or the closing `}`), which is the last token.
    mutating func tokens() throws(ExpressionError) -> [Token] {
        var tokens: [Token] = []
        while true {
            let token = try next()
            tokens.append(token)
            if case .end = token.kind { return tokens }
            if case .closeBrace = token.kind { return tokens }
        }
    }

    private func peek(_ ahead: Int = 0) -> Character? {
        position + ahead < characters.count ? characters[position + ahead] : nil
    }

    private func span(from start: Int) -> ExpressionSpan {
        ExpressionSpan(offset: start, length: max(position - start, 1))
    }

    private mutating func next() throws(ExpressionError) -> Token {
        while let character = peek(), character.isWhitespace { position += 1 }
        let start = position
        guard let character = peek() else {
            return Token(kind: .end, span: ExpressionSpan(offset: position, length: 0))
        }
        if character.isASCIIDigit { return try number() }
        if character == "'" || character == "\"" { return try text(quote: character) }
        if character.isLetter || character == "_" || character == "$" { return try name() }
        position += 1
        func symbol(_ symbol: Token.Symbol) -> Token { Token(kind: .symbol(symbol), span: span(from: start)) }
        switch character {
        case "+": return symbol(.plus)
        case "-": return symbol(.minus)
        case "*": return symbol(.star)
        case "/": return symbol(.slash)
        case "%": return symbol(.percent)
        case "?": return symbol(.question)
        case ":": return symbol(.colon)
        case ".": return symbol(.dot)
        case ",": return symbol(.comma)
        case "(": return symbol(.openParen)
        case ")": return symbol(.closeParen)
        case "[": return symbol(.openBracket)
        case "]": return symbol(.closeBracket)
        case "<": return take("=") ? symbol(.lessOrEqual) : symbol(.less)
        case ">": return take("=") ? symbol(.greaterOrEqual) : symbol(.greater)
        case "=":
            if take("=") { return symbol(.equal) }
            throw ExpressionError("'=' is not an operator: write '==' to compare", at: span(from: start))
        case "!":
            if take("=") { return symbol(.notEqual) }
            throw ExpressionError("'!' is not an operator: write 'not'", at: span(from: start))
        case "&":
            _ = take("&")
            throw ExpressionError("'\(text(from: start))' is not an operator: write 'and'", at: span(from: start))
        case "|":
            _ = take("|")
            throw ExpressionError("'\(text(from: start))' is not an operator: write 'or'", at: span(from: start))
        case "}" where stopsAtCloseBrace:
            return Token(kind: .closeBrace, span: span(from: start))
        default:
            throw ExpressionError("unexpected character '\(character)'", at: span(from: start))
        }
    }

    private mutating func take(_ character: Character) -> Bool {
        guard peek() == character else { return false }
        position += 1
        return true
    }

    private mutating func number() throws(ExpressionError) -> Token {
        let start = position
        while peek()?.isASCIIDigit == true { position += 1 }
        if peek() == ".", peek(1)?.isASCIIDigit == true {
            position += 1
            while peek()?.isASCIIDigit == true { position += 1 }
        }
        if peek() == "e" || peek() == "E" {
            let signed = peek(1) == "+" || peek(1) == "-"
            if peek(signed ? 2 : 1)?.isASCIIDigit == true {
                position += signed ? 2 : 1
                while peek()?.isASCIIDigit == true { position += 1 }
            }
        }
        let written = text(from: start)
        guard let value = Double(written), value.isFinite else {
            throw ExpressionError("the number \(written) is too large", at: span(from: start))
        }
        if let character = peek(), character.isLetter || character == "_" {
            throw ExpressionError("unexpected '\(character)' after the number \(written)", at: ExpressionSpan(offset: position, length: 1))
        }
        return Token(kind: .number(value), span: span(from: start))
    }

    private mutating func text(quote: Character) throws(ExpressionError) -> Token {
        let start = position
        position += 1
        var value = ""
        while let character = peek() {
            position += 1
            if character == quote { return Token(kind: .text(value), span: span(from: start)) }
            guard character == "\\" else {
                value.append(character)
                continue
            }
            guard let escaped = peek() else { break }
            position += 1
            switch escaped {
            case "\\", "'", "\"": value.append(escaped)
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            default:
                throw ExpressionError("unknown escape '\\\(escaped)' in a text: write '\\\\' for a backslash",
                                      at: ExpressionSpan(offset: position - 2, length: 2))
            }
        }
        throw ExpressionError("unterminated text: expected a closing \(quote) before the end", at: ExpressionSpan(offset: start, length: 1))
    }

    /// The characters from `start` to the current position. Appended one by one: `String(_:)` of a
    /// slice of characters is generic in the standard library, and its first call in a process
    /// scanned every protocol conformance record of the binary (a config's first expression, at
    /// every start).
    private func text(from start: Int) -> String {
        var text = ""
        for character in characters[start..<position] { text.append(character) }
        return text
    }

    private mutating func name() throws(ExpressionError) -> Token {
        let start = position
        position += 1
        while let character = peek(), character.isLetter || character.isASCIIDigit || character == "_" { position += 1 }
        let name = text(from: start)
        if name == "$" {
            throw ExpressionError("'$' must begin a name such as '$value'", at: span(from: start))
        }
        if let keyword = Token.Keyword(rawValue: name) {
            return Token(kind: .keyword(keyword), span: span(from: start))
        }
        return Token(kind: .name(name), span: span(from: start))
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

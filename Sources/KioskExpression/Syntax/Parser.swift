/// Recursive descent over the tokens of one expression, from the loosest binding to the tightest:
/// `?:` < `or` < `and` < `not` < comparison < `+ -` < `* / %` < unary `-` < `.` `[]` `()`.
struct Parser {
    private let tokens: [Token]
    private var index = 0
    /// Parentheses, lists, calls and prefix operators open a level each; past the limit the parser
    /// stops before its own recursion could grow the stack.
    private var nesting = 0

    init(tokens: [Token]) {
        self.tokens = tokens
    }

    /// Parses the whole token list as one expression, ending at `.end` or (in a template) at `}`.
    static func parse(_ characters: [Character], from start: Int, inTemplate: Bool) throws(ExpressionError) -> (node: SyntaxNode, end: Token) {
        var lexer = Lexer(characters, from: start, stopsAtCloseBrace: inTemplate)
        let tokens = try lexer.tokens()
        if inTemplate, case .end = tokens.last?.kind {
            throw ExpressionError("unclosed '${': expected '}'", at: ExpressionSpan(offset: start - 2, length: 2))
        }
        var parser = Parser(tokens: tokens)
        switch parser.current.kind {
        case .end: throw ExpressionError("expected an expression after '='", at: parser.current.span)
        case .closeBrace: throw ExpressionError("expected an expression inside '${}'", at: parser.current.span)
        default: break
        }
        let node = try parser.expression(openedBy: parser.current)
        let last = parser.current
        switch last.kind {
        case .end where !inTemplate, .closeBrace where inTemplate:
            return (node, last)
        default:
            let expected = inTemplate ? "'}' to close '${'" : "an operator or the end of the formula"
            throw ExpressionError("expected \(expected), found \(last.quoted)", at: last.span)
        }
    }

    private var current: Token { tokens[Swift.min(index, tokens.count - 1)] }

    private mutating func advance() -> Token {
        let token = current
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    private mutating func take(_ symbol: Token.Symbol) -> Token? {
        guard case .symbol(symbol) = current.kind else { return nil }
        return advance()
    }

    private mutating func take(_ keyword: Token.Keyword) -> Token? {
        guard case .keyword(keyword) = current.kind else { return nil }
        return advance()
    }

    private mutating func expect(_ symbol: Token.Symbol, _ purpose: String) throws(ExpressionError) -> Token {
        if let token = take(symbol) { return token }
        throw ExpressionError("expected '\(symbol.rawValue)' \(purpose), found \(current.quoted)", at: current.span)
    }

    /// Runs `body` one level deeper, refusing to go past `ExpressionLimits.depth`.
    private mutating func nested(at span: ExpressionSpan, _ body: (inout Parser) throws(ExpressionError) -> SyntaxNode) throws(ExpressionError) -> SyntaxNode {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= ExpressionLimits.depth else { throw Self.tooDeep(at: span) }
        return try body(&self)
    }

    private static func tooDeep(at span: ExpressionSpan) -> ExpressionError {
        ExpressionError("the formula is nested too deeply (more than \(ExpressionLimits.depth) levels)", at: span)
    }

    /// A node, refused when it is deeper than the limit (a long member chain is deep without recursion).
    private func make(_ kind: SyntaxNode.Kind, _ span: ExpressionSpan) throws(ExpressionError) -> SyntaxNode {
        let node = SyntaxNode(kind, span: span)
        guard node.depth <= ExpressionLimits.depth else { throw Self.tooDeep(at: span) }
        return node
    }

    // MARK: Levels, loosest first

    /// An expression one level deeper than the token that opened it (`(`, `[`, `?`…), which is
    /// where a too-deep formula is reported.
    private mutating func expression(openedBy opener: Token) throws(ExpressionError) -> SyntaxNode {
        try nested(at: opener.span) { parser throws(ExpressionError) in try parser.conditional() }
    }

    private mutating func conditional() throws(ExpressionError) -> SyntaxNode {
        let condition = try chain(of: [.or: .or]) { parser throws(ExpressionError) in
            try parser.chain(of: [.and: .and]) { parser throws(ExpressionError) in try parser.negation() }
        }
        guard let question = take(.question) else { return condition }
        let then = try expression(openedBy: question)
        let colon = try expect(.colon, "between the two choices of '?'")
        let otherwise = try expression(openedBy: colon)
        return try make(.conditional(condition, then: then, else: otherwise), condition.span.through(otherwise.span))
    }

    /// A left-to-right chain of operators of one level, as one node.
    private mutating func chain(of keywords: [Token.Keyword: SyntaxNode.ChainOperator] = [:],
                                symbols: [Token.Symbol: SyntaxNode.ChainOperator] = [:],
                                operand: (inout Parser) throws(ExpressionError) -> SyntaxNode) throws(ExpressionError) -> SyntaxNode {
        let first = try operand(&self)
        var links: [SyntaxNode.Link] = []
        while true {
            let operation: SyntaxNode.ChainOperator
            switch current.kind {
            case .keyword(let keyword) where keywords[keyword] != nil: operation = keywords[keyword]!
            case .symbol(let symbol) where symbols[symbol] != nil: operation = symbols[symbol]!
            default:
                guard let last = links.last else { return first }
                return try make(.chain(first, links), first.span.through(last.operand.span))
            }
            let operatorToken = advance()
            links.append(.init(operation: operation, operatorSpan: operatorToken.span, operand: try operand(&self)))
        }
    }

    private mutating func negation() throws(ExpressionError) -> SyntaxNode {
        guard let not = take(.not) else { return try comparison() }
        return try nested(at: not.span) { parser throws(ExpressionError) in
            let operand = try parser.negation()
            return try parser.make(.not(operand), not.span.through(operand.span))
        }
    }

    private static let comparisons: [Token.Symbol: SyntaxNode.Comparison] = [
        .equal: .equal, .notEqual: .notEqual, .less: .less, .lessOrEqual: .lessOrEqual,
        .greater: .greater, .greaterOrEqual: .greaterOrEqual,
    ]

    private mutating func comparison() throws(ExpressionError) -> SyntaxNode {
        let left = try additive()
        guard case .symbol(let symbol) = current.kind, let comparison = Self.comparisons[symbol] else { return left }
        let operatorToken = advance()
        let right = try additive()
        if case .symbol(let next) = current.kind, Self.comparisons[next] != nil {
            throw ExpressionError("comparisons do not chain: write 'a < b and b < c'", at: current.span)
        }
        return try make(.compare(left, comparison, operatorSpan: operatorToken.span, right), left.span.through(right.span))
    }

    private mutating func additive() throws(ExpressionError) -> SyntaxNode {
        try chain(symbols: [.plus: .add, .minus: .subtract]) { parser throws(ExpressionError) in
            try parser.chain(symbols: [.star: .multiply, .slash: .divide, .percent: .remainder]) { parser throws(ExpressionError) in
                try parser.unary()
            }
        }
    }

    private mutating func unary() throws(ExpressionError) -> SyntaxNode {
        guard let minus = take(.minus) else { return try postfix() }
        return try nested(at: minus.span) { parser throws(ExpressionError) in
            let operand = try parser.unary()
            return try parser.make(.negate(operand), minus.span.through(operand.span))
        }
    }

    private mutating func postfix() throws(ExpressionError) -> SyntaxNode {
        var node = try primary()
        while true {
            if take(.dot) != nil {
                let nameToken = advance()
                let name: String
                switch nameToken.kind {
                case .name(let text): name = text
                case .keyword(let keyword): name = keyword.rawValue  // `weather.null` is a member like any other
                default: throw ExpressionError("expected a name after '.', found \(nameToken.quoted)", at: nameToken.span)
                }
                node = try make(.member(node, name: name, nameSpan: nameToken.span), node.span.through(nameToken.span))
            } else if let open = take(.openBracket) {
                let index = try expression(openedBy: open)
                let close = try expect(.closeBracket, "after the index")
                node = try make(.index(node, index), node.span.through(close.span))
            } else if let open = take(.openParen) {
                throw ExpressionError("only a function can be called, and \(describe(node)) is not one", at: open.span)
            } else {
                return node
            }
        }
    }

    private func describe(_ node: SyntaxNode) -> String {
        node.memberChain.map { "'\($0.joined(separator: "."))'" } ?? "this"
    }

    private mutating func primary() throws(ExpressionError) -> SyntaxNode {
        let token = advance()
        switch token.kind {
        case .number(let value): return SyntaxNode(.literal(.number(value)), span: token.span)
        case .text(let value): return SyntaxNode(.literal(.text(value)), span: token.span)
        case .keyword(.true): return SyntaxNode(.literal(.bool(true)), span: token.span)
        case .keyword(.false): return SyntaxNode(.literal(.bool(false)), span: token.span)
        case .keyword(.null): return SyntaxNode(.literal(.null), span: token.span)
        case .name(let name):
            guard let open = take(.openParen) else { return SyntaxNode(.name(name), span: token.span) }
            let arguments = try items(openedBy: open, until: .closeParen, "after the arguments of '\(name)'")
            return try make(.call(function: name, nameSpan: token.span, arguments: arguments.nodes), token.span.through(arguments.close.span))
        case .symbol(.openParen):
            let inner = try expression(openedBy: token)
            let close = try expect(.closeParen, "to close '('")
            var node = inner
            node.span = token.span.through(close.span)
            return node
        case .symbol(.openBracket):
            let list = try items(openedBy: token, until: .closeBracket, "to close the list")
            return try make(.list(list.nodes), token.span.through(list.close.span))
        default:
            throw ExpressionError("expected a value, found \(token.quoted)", at: token.span)
        }
    }

    /// Comma-separated expressions up to `close` (arguments of a call, items of a list).
    private mutating func items(openedBy opener: Token, until close: Token.Symbol, _ purpose: String) throws(ExpressionError) -> (nodes: [SyntaxNode], close: Token) {
        var nodes: [SyntaxNode] = []
        if let token = take(close) { return (nodes, token) }
        while true {
            nodes.append(try expression(openedBy: opener))
            if let token = take(close) { return (nodes, token) }
            if take(.comma) == nil {
                throw ExpressionError("expected '\(close.rawValue)' \(purpose), found \(current.quoted)", at: current.span)
            }
        }
    }
}

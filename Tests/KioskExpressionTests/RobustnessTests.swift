import Testing
@testable import KioskExpression

/// Seeded random formulas made of the language's own pieces: parsing, checking and evaluating
/// each one ends without a trap, and every error points inside the text.
@Suite struct RobustnessTests {
    static let pieces = [
        "(", ")", "[", "]", "1", "0", "2.5", "-", "+", "*", "/", "%", "'a'", "\"", "'", "\\", "${", "}", "$${", "=", "==",
        "<", ">=", "and", "or", "not", "?", ":", ".", ",", "hours", "value", "items", "round(", "min(", "max(", "matches(",
        "date(", "time(", "duration(", "currency(", "join(", "default(", "now", "null", "true", "1e308", "weather", "$value",
        " ", "é", "👋🏽", "len(", "'(a+)+b'", "state", "temp", "x",
    ]

    /// An expression (`= …`) or a template, built from the grammar.
    static func formula(using generator: inout Generator) -> String {
        if Bool.random(using: &generator) { return "= " + expression(depth: 0, using: &generator) }
        return "Total ${" + expression(depth: 0, using: &generator) + "} and ${" + expression(depth: 0, using: &generator) + "}"
    }

    static func expression(depth: Int, using generator: inout Generator) -> String {
        func sub() -> String { expression(depth: depth + 1, using: &generator) }
        let leaves = ["1", "0", "-2.5", "1e308", "'a'", "\"é👋🏽\"", "null", "true", "now", "hours.value", "weather.temp.max",
                      "items", "state.x", "$value", "missing", "[]"]
        guard depth < 4 else { return leaves.randomElement(using: &generator)! }
        let operators = ["+", "-", "*", "/", "%", "==", "<", ">=", "and", "or"]
        let functions = ["round", "min", "max", "len", "upper", "matches", "default", "join", "if_empty", "number", "percent",
                         "currency", "date", "time", "duration", "hour", "weekday", "clamp", "nope"]
        switch Int.random(in: 0..<9, using: &generator) {
        case 0, 1: return leaves.randomElement(using: &generator)!
        case 2: return sub() + " " + operators.randomElement(using: &generator)! + " " + sub()
        case 3: return ["-", "not "].randomElement(using: &generator)! + sub()
        case 4: return sub() + " ? " + sub() + " : " + sub()
        case 5: return "[" + sub() + ", " + sub() + "]"
        case 6: return sub() + "[" + sub() + "]"
        case 7: return "(" + sub() + ")"
        default:
            let arguments = (0..<Int.random(in: 0...3, using: &generator)).map { _ in sub() }
            return functions.randomElement(using: &generator)! + "(" + arguments.joined(separator: ", ") + ")"
        }
    }

    /// SplitMix64: a small generator whose sequence depends only on the seed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test(arguments: [1, 2, 3, 4])
    func randomFormulasNeverTrapAndErrorsPointInside(seed: UInt64) {
        var generator = Generator(state: seed)
        let catalogue = ExpressionCatalogue(objects: ["hours": ["value": .number], "weather": [:], "state": ["x": .text]],
                                            openMembers: ["weather"], names: ["now": .number, "items": .list, "$value": .any])
        var parsed = 0
        for _ in 0..<1500 {
            var text = Self.formula(using: &generator)
            // A third are broken by a random piece put somewhere in them.
            if Int.random(in: 0..<3, using: &generator) == 0 {
                let position = text.index(text.startIndex, offsetBy: Int.random(in: 0...text.count, using: &generator))
                text.insert(contentsOf: Self.pieces.randomElement(using: &generator)!, at: position)
            }
            guard let result = Formula.parse(text) else { continue }
            let length = text.count
            func inside(_ span: ExpressionSpan) -> Bool {
                span.offset >= 0 && span.length >= 0 && span.offset + span.length <= length
            }
            switch result {
            case .failure(let error):
                #expect(inside(error.span), "\(text): \(error)")
            case .success(let formula):
                parsed += 1
                for problem in formula.check(against: catalogue, expecting: .number).problems {
                    #expect(inside(problem.span), "\(text): \(problem)")
                }
                if case .failure(let error) = formula.evaluate(in: TestScope.panel) {
                    #expect(inside(error.span), "\(text): \(error)")
                }
                for reference in formula.references { #expect(inside(reference.span), "\(text)") }
                _ = formula.clock
            }
        }
        #expect(parsed > 500)  // enough of them get past the parser to exercise the checker and the evaluator
    }
}

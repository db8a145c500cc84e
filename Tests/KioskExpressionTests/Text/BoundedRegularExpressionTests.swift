import Testing
@testable import KioskExpression

@Suite struct BoundedRegularExpressionTests {
    @Test func findsAnywhereInTheText() throws {
        let digits = try #require(BoundedRegularExpression("[0-9]{3}"))
        #expect(digits.search("room 204, floor 2") == .found)
        #expect(digits.search("room 2a4") == .notFound)
    }

    @Test func emptyPatternsAndTextsAreAnswered() throws {
        #expect(try #require(BoundedRegularExpression("")).search("anything") == .found)
        #expect(try #require(BoundedRegularExpression("")).search("") == .found)
        #expect(try #require(BoundedRegularExpression("^$")).search("") == .found)
        #expect(try #require(BoundedRegularExpression("a")).search("") == .notFound)
    }

    @Test func whatICUDoesNotReadIsNil() {
        for pattern in ["(", "[a-", "a{2,1}", "(?<=a+)b", "\\"] {
            #expect(BoundedRegularExpression(pattern) == nil, "\(pattern)")
        }
    }

    /// `(a+)+b` on thirty `a`s and a `c` backtracks about 2^30 times: stopped, not waited for.
    @Test func catastrophicBacktrackingIsStopped() throws {
        let nested = try #require(BoundedRegularExpression("(a+)+b"))
        #expect(nested.search(String(repeating: "a", count: 30) + "c") == .tooManySteps)
        // The expression is usable again afterwards.
        #expect(nested.search("aab") == .found)
    }

    @Test func aLongTextIsSearchedToItsEnd() throws {
        let text = String(repeating: "x", count: ExpressionLimits.regexInputBytes - 3) + "end"
        #expect(try #require(BoundedRegularExpression("end$")).search(text) == .found)
        #expect(try #require(BoundedRegularExpression("^x+$")).search(text) == .notFound)
    }

    @Test func charactersOutsideTheBasicPlaneAreOneCharacter() throws {
        #expect(try #require(BoundedRegularExpression("^.{2}$")).search("😀é") == .found)
    }

    /// Searches on one expression take turns: each sees its own text.
    @Test func oneExpressionServesManyThreads() async throws {
        let expression = try #require(BoundedRegularExpression("^a+b$"))
        let answers = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let matching = index % 2 == 0
                    let text = String(repeating: "a", count: 1 + index % 50) + (matching ? "b" : "c")
                    return expression.search(text) == (matching ? .found : .notFound)
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(answers.count == 200 && answers.allSatisfy { $0 })
    }
}

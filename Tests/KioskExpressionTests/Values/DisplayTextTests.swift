import Testing
@testable import KioskExpression

@Suite struct DisplayTextTests {
    static let numbers: [(Double, String)] = [
        (2, "2"), (2.0, "2"), (0.75, "0.75"), (-3.5, "-3.5"), (-0.0, "0"), (0, "0"),
        (1e21, "1000000000000000000000"), (1e16, "10000000000000000"), (123456789012, "123456789012"),
        (0.1 + 0.2, "0.30000000000000004"), (1e-7, "0.0000001"), (0.001, "0.001"), (100, "100"),
        (1.5e-5, "0.000015"), (12.5e3, "12500"), (-1e21, "-1000000000000000000000"),
    ]

    @Test(arguments: numbers)
    func numbersPrintShortestAndPlain(_ number: Double, _ text: String) {
        #expect(ExpressionValue.number(number).displayText == text)
    }

    @Test func theLargestDoublePrintsEveryDigit() {
        let text = ExpressionValue.number(.greatestFiniteMagnitude).displayText
        #expect(text.count == 309)
        #expect(text.hasPrefix("17976931348623157"))
        #expect(text.allSatisfy { $0.isNumber })
    }

    @Test func otherValues() {
        #expect(ExpressionValue.null.displayText == "")
        #expect(ExpressionValue.bool(true).displayText == "true")
        #expect(ExpressionValue.text("x").displayText == "x")
        #expect(ExpressionValue.list([.number(1), .text("a"), .null]).displayText == "1, a, ")
        let record = ExpressionValue.record(["b": .list([.number(1.5), .bool(false)]), "a": .text("say \"hi\"\n"), "c": .null])
        #expect(record.displayText == #"{"a":"say \"hi\"\n","b":[1.5,false],"c":null}"#)
    }

    @Test func typeNamesReadInMessages() {
        #expect(ExpressionValue.number(1).typeName == "a number")
        #expect(ExpressionValue.text("").typeName == "a text")
        #expect(ExpressionValue.null.typeName == "null")
        #expect(ExpressionValue.list([]).typeName == "a list")
    }

    @Test func truthiness() {
        for value: ExpressionValue in [.bool(false), .null, .number(0), .number(-0.0), .text(""), .list([])] {
            #expect(!value.isTruthy, "\(value)")
        }
        for value: ExpressionValue in [.bool(true), .number(0.1), .text("0"), .list([.null]), .record([:])] {
            #expect(value.isTruthy, "\(value)")
        }
    }
}

import KioskConfig
import KioskExpression
import KioskGraphics
import Testing

/// Widget properties as formulas read them, and formula results as properties take them.
@Suite struct ExpressionConversionTests {
    @Test func propertiesReadAsExpressionValues() {
        #expect(PropertyValue.number(0.5).expressionValue() == .number(0.5))
        #expect(PropertyValue.integer(3).expressionValue() == .number(3))
        #expect(PropertyValue.duration(0.3).expressionValue() == .number(0.3))
        #expect(PropertyValue.bool(true).expressionValue() == .bool(true))
        #expect(PropertyValue.string("a.png").expressionValue() == .text("a.png"))
        #expect(PropertyValue.choice("center").expressionValue() == .text("center"))
        #expect(PropertyValue.text(.literal("Hola")).expressionValue() == .text("Hola"))
        #expect(PropertyValue.color(.systemRed).expressionValue() == .text("system_red"))
        #expect(PropertyValue.color(Color(hex: 0xFF9500)).expressionValue() == .text("#FF9500"))
        #expect(PropertyValue.size(Size(width: 800, height: 480)).expressionValue()
                    == .record(["width": .number(800), "height": .number(480)]))
        #expect(PropertyValue.point(Point(x: 0, y: 4)).expressionValue() == .list([.number(0), .number(4)]))
        #expect(PropertyValue.list([.choice("button")]).expressionValue() == .list([.text("button")]))
        #expect(PropertyValue.record(["width": .number(1), "color": .color(.label)]).expressionValue()
                    == .record(["width": .number(1), "color": .text("label")]))
    }

    @Test func aLocalizedTextReadsThroughTheResolverGiven() {
        let text = PropertyValue.text(.localized(key: "pay"))
        #expect(text.expressionValue() == .text("@pay"))
        #expect(text.expressionValue(resolvingText: { _ in "Pagar" }) == .text("Pagar"))
    }

    @Test func numbersFitNumbersAndAreHeldInTheirRange() {
        #expect(PropertyType.number(0...1).propertyValue(from: .number(0.25)) == ClampedValue(value: .number(0.25), wasClamped: false))
        #expect(PropertyType.number(0...1).propertyValue(from: .number(1.5)) == ClampedValue(value: .number(1), wasClamped: true))
        #expect(PropertyType.integer(0...10).propertyValue(from: .number(2.6))?.value == .integer(3))
        #expect(PropertyType.duration.propertyValue(from: .number(0.3))?.value == .duration(0.3))
        #expect(PropertyType.number().propertyValue(from: .text("3")) == nil)
        #expect(PropertyType.number().propertyValue(from: .null) == nil)
    }

    @Test func textsTakeAnyValueInItsTemplateForm() {
        #expect(PropertyType.text.propertyValue(from: .number(2))?.value == .text(.literal("2")))
        #expect(PropertyType.text.propertyValue(from: .null)?.value == .text(.literal("")))
        #expect(PropertyType.string.propertyValue(from: .bool(true))?.value == .string("true"))
    }

    /// A list shown as text is held to the limit of a text an expression builds; a text is taken as
    /// it is.
    @Test func aListWhoseTextWouldBeMegabytesIsNotShown() {
        let rows = ExpressionValue.list((0..<10_000).map { .text("row \($0)") })
        let many = ExpressionValue.list(Array(repeating: rows, count: 600))
        #expect(PropertyType.text.propertyValue(from: many) == nil)
        #expect(PropertyType.string.propertyValue(from: many) == nil)
        #expect(PropertyType.text.mismatch(with: many) == "its text would be more than 65536 bytes long")
        #expect(PropertyType.number(0...1).mismatch(with: many) == "expected a number from 0 to 1, found a list")
        let long = String(repeating: "x", count: 100_000)
        #expect(PropertyType.string.propertyValue(from: .text(long))?.value == .string(long))
    }

    @Test func boolsChoicesAndColours() {
        #expect(PropertyType.bool.propertyValue(from: .bool(false))?.value == .bool(false))
        #expect(PropertyType.bool.propertyValue(from: .number(1)) == nil)
        #expect(PropertyType.choice(["leading", "center"]).propertyValue(from: .text("center"))?.value == .choice("center"))
        #expect(PropertyType.choice(["leading", "center"]).propertyValue(from: .text("centre")) == nil)
        #expect(PropertyType.color.propertyValue(from: .text("system_red"))?.value == .color(.systemRed))
        #expect(PropertyType.color.propertyValue(from: .text("#FF9500"))?.value == .color(Color(hex: 0xFF9500)))
        #expect(PropertyType.color.propertyValue(from: .text("reddish")) == nil)
        #expect(PropertyType.font.propertyValue(from: .text("headline"))?.value == .font(.style(.headline)))
    }

    @Test func shapesListsAndRecords() {
        #expect(PropertyType.size.propertyValue(from: .list([.number(80), .number(40)]))?.value
                    == .size(Size(width: 80, height: 40)))
        #expect(PropertyType.range.propertyValue(from: .list([.number(2), .number(1)])) == nil)
        #expect(PropertyType.insets.propertyValue(from: .number(8))?.value == .insets(EdgeInsets(all: 8)))
        #expect(PropertyType.list(.number(0...1)).propertyValue(from: .list([.number(0.5), .number(2)]))
                    == ClampedValue(value: .list([.number(0.5), .number(1)]), wasClamped: true))
        #expect(PropertyType.list(.number()).propertyValue(from: .list([.text("x")])) == nil)
        let border = PropertyType.record([
            PropertySchema("width", .number(0...20), default: .number(1), doc: ""),
            PropertySchema("color", .color, default: .color(.systemGray4), doc: ""),
        ])
        #expect(border.propertyValue(from: .record(["width": .number(2)]))?.value
                    == .record(["width": .number(2), "color": .color(.systemGray4)]))
        #expect(border.propertyValue(from: .record(["depth": .number(2)])) == nil)
    }

    @Test func theTypesKioskCheckKnows() {
        #expect(PropertyType.integer().expressionType == .number)
        #expect(PropertyType.choice(["a"]).expressionType == .text)
        #expect(PropertyType.color.expressionType == .text)
        #expect(PropertyType.list(.string).expressionType == .list)
        #expect(PropertyType.size.expressionType == .record)
        #expect(PropertyType.text.requiredExpressionType == nil)
        #expect(PropertyType.duration.requiredExpressionType == .number)
        #expect(PropertyType.color.requiredExpressionType == .text)
    }

    @Test func anExpressionValueKeptAsAPropertyValue() {
        #expect(PropertyValue(ExpressionValue.text("x")) == .string("x"))
        #expect(PropertyValue(ExpressionValue.list([.number(1), .bool(true)])) == .list([.number(1), .bool(true)]))
        #expect(PropertyValue(ExpressionValue.null) == nil)
        #expect(PropertyValue(ExpressionValue.list([.null])) == nil)
    }
}

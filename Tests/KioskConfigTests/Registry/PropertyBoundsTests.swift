import Testing
import KioskConfig
import KioskGraphics

/// Every number a config can write has a range rendering can honour, and the same range holds a
/// value that arrives at run time.
@Suite struct PropertyBoundsTests {
    /// Every property of every standard component, records' fields included, with its path.
    static func allProperties() -> [(path: String, type: PropertyType)] {
        let registry = ComponentRegistry.standard
        var found: [(String, PropertyType)] = []
        func visit(_ property: PropertySchema, prefix: String) {
            found.append((prefix + property.name, property.type))
            if case .record(let fields) = property.type {
                for field in fields { visit(field, prefix: prefix + property.name + ".") }
            }
        }
        for name in registry.typeNames {
            for property in registry.schema(for: name)?.properties ?? [] { visit(property, prefix: name + ".") }
        }
        return found
    }

    @Test func everyNumericPropertyHasABoundedRange() {
        var unbounded: [String] = []
        for (path, type) in Self.allProperties() {
            switch type {
            case .number(let range):
                if range == nil || range!.lowerBound < -1e12 || range!.upperBound > 1e12 { unbounded.append(path) }
            case .integer(let range):
                if range == nil || range!.upperBound > 1_000_000 { unbounded.append(path) }
            default:
                break
            }
        }
        #expect(unbounded.isEmpty, "unbounded: \(unbounded)")
    }

    @Test func sizesLinesAndFontsTakeTheirRangesFromTheLimits() throws {
        let label = try #require(ComponentRegistry.standard.schema(for: "label"))
        #expect(label.property(named: "lines")?.type == .integer(PropertyLimits.lines))
        #expect(PropertyLimits.length.upperBound == 16_384)
        #expect(PropertyLimits.lines.upperBound == 10_000)
        #expect(PropertyLimits.displaySide == 16...8_192)
    }

    @Test func aWrittenConstantAtTheLimitLoadsAndOneBeyondIsRefused() {
        func load(_ size: String) -> [ConfigError] {
            ConfigLoader().load(text: "panels:\n  home:\n    root: {type: label, size: \(size)}\n").errors
        }
        #expect(load("[16384, 16384]").isEmpty)
        #expect(load("16384x0").isEmpty)
        #expect(load("[16385, 10]").first?.message == "value out of range for 'size'")
        #expect(load("{width: 10, height: 1e10}").first?.message == "value out of range for 'size.height'")
        #expect(load("[10, .inf]").first?.found == "'.inf' (not a finite number)")
        #expect(load("[10, 1e999]").first?.found == "'1e999' (not a finite number)")
    }

    @Test func runtimeValuesAreClampedToTheSameRanges() throws {
        let ring = PropertyType.number(0...1)
        #expect(ring.clamping(.number(5)) == ClampedValue(value: .number(1), wasClamped: true))
        #expect(ring.clamping(.number(0.5)) == ClampedValue(value: .number(0.5), wasClamped: false))
        #expect(ring.clamping(.number(.nan)) == nil)
        #expect(ring.clamping(.string("full")) == nil)
        let size = try #require(PropertyType.size.clamping(.size(Size(width: 3e9, height: 10))))
        #expect(size == ClampedValue(value: .size(Size(width: 16_384, height: 10)), wasClamped: true))
        let lines = try #require(PropertyType.integer(PropertyLimits.lines).clamping(.number(3e9)))
        #expect(lines == ClampedValue(value: .integer(10_000), wasClamped: true))
        // An integer from a number too large for Int would stop the process if converted unchecked.
        #expect(PropertyType.integer().clamping(.number(1e300))?.value == .integer(1_000_000_000_000_000))
        let shadow = try #require(ComponentRegistry.standard.schema(for: "label")?.property(named: "shadow")?.type)
        let held = try #require(shadow.clamping(.record(["radius": .number(1e6), "offset": .point(Point(x: 0, y: -1e9))])))
        #expect(held.wasClamped)
        #expect(held.value.record?["radius"] == .number(200))
        #expect(held.value.record?["offset"] == .point(Point(x: 0, y: -16_384)))
    }
}

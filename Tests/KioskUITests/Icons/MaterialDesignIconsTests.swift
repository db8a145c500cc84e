import Foundation
import KioskUI
import Testing

/// Reading the name → code point map: what is an entry, what is skipped, and the bounds.
@MainActor
struct MaterialDesignIconsTests {
    func catalogue(from text: String) throws -> MaterialDesignIcons {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mdi-\(UUID().uuidString).scss").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return MaterialDesignIcons(mapPath: path)
    }

    @Test func readsTheEntriesAndSkipsEverythingElse() throws {
        let map = try catalogue(from: """
            $mdi-font-name:        "Material Design Icons";
            $mdi-icons: (
                "access-point": F002,
                "car":F10B,
                "Upper-Case": F003,
                "not-private": 0041,
                "no-hex": XYZ,
                "new-range": F0001
            );
            """)
        #expect(map.codepoints == ["access-point": 0xF002, "car": 0xF10B, "new-range": 0xF0001])
        #expect(map.names == ["access-point", "car", "new-range"])
        #expect(map.problem == nil)
    }

    @Test func aMissingMapNamesThePackage() {
        let map = MaterialDesignIcons(mapPath: "/nonexistent/_variables.scss")
        #expect(map.names.isEmpty)
        #expect(map.problem?.contains("fonts-materialdesignicons-webfont") == true)
    }

    @Test func aMapWithoutEntriesIsAProblem() throws {
        let map = try catalogue(from: "nothing here\n")
        #expect(map.names.isEmpty)
        #expect(map.problem != nil)
    }

    @Test func theNumberOfEntriesIsBounded() throws {
        let lines = (0..<20_005).map { "\"icon-\($0)\": \(String(0xF0000 + $0, radix: 16)),\n" }
        let map = try catalogue(from: lines.joined())
        #expect(map.names.count == 20_000)
        #expect(map.problem?.contains("more than 20000") == true)
    }
}

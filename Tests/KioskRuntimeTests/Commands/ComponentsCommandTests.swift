import Foundation
import KioskUI
import Testing
@testable import KioskRuntime

/// `kiosk components --icons`: every name a config may write, one a line.
@Suite struct ComponentsCommandTests {
    @Test func theIconListHasTheBuiltInsThenTheMaterialDesignNames() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mdi-\(UUID().uuidString).scss").path
        try "\"thermometer\": F50F,\n\"parking\": F3E3,\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let list = ConfigCommands.iconList(materialDesign: MaterialDesignIcons(mapPath: path))
        let builtIns = Symbol.allCases.map(\.rawValue)
        #expect(list == (builtIns + ["mdi:parking", "mdi:thermometer"]).map { $0 + "\n" }.joined())
    }

    @Test func theCommandPrintsTheInstalledNames() throws {
        let binary = KioskProcessTests.binary
        try #require(FileManager.default.isExecutableFile(atPath: binary), "no kiosk binary at \(binary)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["components", "--icons"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let names = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(names.prefix(Symbol.allCases.count) == ArraySlice(Symbol.allCases.map(\.rawValue)))
        #expect(names.contains("car") && names.contains("info.circle"))
        #expect(names.contains("mdi:parking") && names.contains("mdi:thermometer"))
        #expect(names.count > 1000)
    }
}

import CPangoCairo
import Testing
@testable import KioskGraphics

/// The configuration `FontConfiguration` loads must be the one FcInit() would have: the same system
/// fonts, and every match the same font with the same rendering properties (hinting, antialiasing,
/// the rules of conf.d). Only the templates FcInit() parses for their descriptions are left out.
@Suite struct FontConfigurationTests {
    @Test func matchesAreThoseOfTheConfigurationFcInitLoads() throws {
        FontConfiguration.waitUntilLoaded()
        let ours = try #require(FcConfigGetCurrent())
        let reference = try #require(FcInitLoadConfigAndFonts())
        defer { FcConfigDestroy(reference) }

        #expect(systemFontCount(ours) > 0)
        #expect(systemFontCount(ours) == systemFontCount(reference))
        for query in ["sans", "sans-serif:bold", "serif:italic", "monospace", "Material Design Icons",
                      "sans:lang=ja", "DejaVu Sans:weight=600", "sans:pixelsize=9"] {
            let expected = try #require(match(query, in: reference))
            #expect(match(query, in: ours) == expected, "\(query)")
        }
    }

    @Test func theTemplatesAreNotParsed() throws {
        FontConfiguration.waitUntilLoaded()
        let ours = try #require(FcConfigGetCurrent())
        // A template parsed for its description only is listed as a configuration file that is
        // not enabled; every file the configuration lists was loaded.
        #expect(configurationFiles(ours).filter { !$0.enabled }.map(\.name) == [])
        #expect(configurationFiles(ours).contains { $0.enabled })
    }

    /// The best system font for `query` after the configuration's substitutions, with every
    /// property the configuration gives it, as fontconfig prints a pattern.
    private func match(_ query: String, in config: OpaquePointer) -> String? {
        guard let pattern = FcNameParse(query) else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var systemFonts: UnsafeMutablePointer<FcFontSet>? = FcConfigGetFonts(config, FcSetSystem)
        var result = FcResultNoMatch
        guard let font = FcFontSetMatch(config, &systemFonts, 1, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        guard let name = FcNameUnparse(font) else { return nil }
        defer { FcStrFree(name) }
        return String(cString: name)
    }

    private func systemFontCount(_ config: OpaquePointer) -> Int32 {
        FcConfigGetFonts(config, FcSetSystem)?.pointee.nfont ?? 0
    }

    private func configurationFiles(_ config: OpaquePointer) -> [(name: String, enabled: Bool)] {
        var files: [(name: String, enabled: Bool)] = []
        var iterator = FcConfigFileInfoIter()
        FcConfigFileInfoIterInit(config, &iterator)
        repeat {
            var name: UnsafeMutablePointer<FcChar8>?
            var description: UnsafeMutablePointer<FcChar8>?
            var enabled = FcBool(FcFalse)
            guard FcConfigFileInfoIterGet(config, &iterator, &name, &description, &enabled) != 0 else { break }
            files.append((name.map { String(cString: $0) } ?? "", enabled != 0))
            FcStrFree(name)
            FcStrFree(description)
        } while FcConfigFileInfoIterNext(config, &iterator) != 0
        return files
    }
}

import CCairo
import CPangoCairo

/// The Pango context every layout is made in. Hinting is off and positions are fractional so that
/// a layout measures and renders the same at any position and on any machine (golden images rely
/// on it); antialiasing is greyscale because panels may be rotated.
final class TextContext {
    /// KioskKit paints on one thread, so one context per base direction serves every layout.
    nonisolated(unsafe) static let automatic = TextContext(baseDirection: PANGO_DIRECTION_NEUTRAL)
    nonisolated(unsafe) static let leftToRight = TextContext(baseDirection: PANGO_DIRECTION_LTR)
    nonisolated(unsafe) static let rightToLeft = TextContext(baseDirection: PANGO_DIRECTION_RTL)

    static func forDirection(_ direction: TextDirection) -> TextContext {
        switch direction {
        case .auto: automatic
        case .leftToRight: leftToRight
        case .rightToLeft: rightToLeft
        }
    }

    let handle: OpaquePointer

    private init(baseDirection: PangoDirection) {
        FontConfiguration.waitUntilLoaded()
        let fontMap = pango_cairo_font_map_new()!
        handle = pango_font_map_create_context(fontMap)!
        kiosk_g_object_unref(UnsafeMutableRawPointer(fontMap))
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(handle, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(handle, 0)
        if baseDirection != PANGO_DIRECTION_NEUTRAL {
            pango_context_set_base_dir(handle, baseDirection)
        }
    }

    deinit {
        kiosk_g_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// Fonts were added to fontconfig: the font maps drop what they cached, and layouts made from
    /// now on see the new families.
    static func fontsDidChange() {
        for context in [automatic, leftToRight, rightToLeft] {
            if let map = pango_context_get_font_map(context.handle) {
                pango_fc_font_map_config_changed(OpaquePointer(map))
            }
            pango_context_changed(context.handle)
        }
    }

    /// The names of the families the context's font map offers.
    var familyNames: [String] {
        guard let map = pango_context_get_font_map(handle) else { return [] }
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(map, &families, &count)
        defer { g_free(families) }
        guard let families else { return [] }
        return (0..<Int(count)).compactMap { index in
            families[index].flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) }
        }
    }
}

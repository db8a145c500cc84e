import CPangoCairo
import Glibc

/// The system's fontconfig configuration, loaded once for the process before Pango or
/// `FontLibrary` first asks fontconfig anything.
///
/// `FcInit()`, which Pango calls, loads `fonts.conf` and everything it includes, and then parses
/// every template in fontconfig's `conf.avail` as well, only to keep their descriptions for
/// `fc-conflist`: on Debian that is 45 more XML files, a third of the time `FcInit()` takes at each
/// start. Loaded here, the configuration is the same (the same `fonts.conf`, `FONTCONFIG_FILE`
/// honoured, the same caches; `FontConfigurationTests` compares the matches) without the templates.
/// Should `fonts.conf` be missing or name no cache directory, nothing is installed and fontconfig
/// falls back on its own, as it always has.
///
/// `preload()` starts the load on a thread of its own at the start of a command, so that on a
/// board with a second core it overlaps reading the panels' config; `waitUntilLoaded()` joins it
/// before the first use. Nothing else runs on that thread and it touches nothing of ours.
public enum FontConfiguration {
    nonisolated(unsafe) private static var loader: pthread_t?
    nonisolated(unsafe) private static var isLoaded = false

    /// Starts loading the configuration on a thread, once; a no-op when it is loading or loaded.
    /// Call it from the thread that paints.
    public static func preload() {
        guard !isLoaded, loader == nil else { return }
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { _ in
            FontConfiguration.loadSystemConfiguration()
            return nil
        }, nil)
        // Without a thread the load happens on first use instead.
        if started == 0 { loader = thread }
    }

    /// Returns once the configuration is fontconfig's current one, loading it here if `preload()`
    /// was not called. Call it from the thread that paints, before any fontconfig or Pango call.
    static func waitUntilLoaded() {
        guard !isLoaded else { return }
        if let thread = loader {
            pthread_join(thread, nil)
            loader = nil
        } else {
            loadSystemConfiguration()
        }
        isLoaded = true
    }

    private static func loadSystemConfiguration() {
        guard let config = FcConfigCreate() else { return }
        // A nil name is fonts.conf, or what FONTCONFIG_FILE names, exactly as FcInit() reads it.
        guard FcConfigParseAndLoad(config, nil, FcBool(FcTrue)) != 0, hasCacheDirectory(config) else {
            FcConfigDestroy(config)
            return
        }
        // Builds the font list from the caches and makes the configuration current. The process
        // keeps it to its end, so our reference is never given back (fontconfig before 2.13.1
        // did not take one of its own in FcConfigSetCurrent).
        if FcConfigSetCurrent(config) == 0 { FcConfigDestroy(config) }
    }

    /// FcInit() warns and adds a cache directory of its own when the configuration names none;
    /// that case is left to it.
    private static func hasCacheDirectory(_ config: OpaquePointer) -> Bool {
        guard let directories = FcConfigGetCacheDirs(config) else { return false }
        defer { FcStrListDone(directories) }
        return FcStrListNext(directories) != nil
    }
}

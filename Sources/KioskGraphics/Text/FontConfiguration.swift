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
        let replacement = fileInsteadOfNamedOne()
        // With FONTCONFIG_FILE replaced, nothing is left to FcInit(), which would read it.
        guard FcConfigParseAndLoad(config, replacement, FcBool(FcTrue)) != 0,
              replacement != nil || hasCacheDirectory(config) else {
            FcConfigDestroy(config)
            return
        }
        // Builds the font list from the caches and makes the configuration current. The process
        // keeps it to its end, so our reference is never given back (fontconfig before 2.13.1
        // did not take one of its own in FcConfigSetCurrent).
        if FcConfigSetCurrent(config) == 0 { FcConfigDestroy(config) }
    }

    /// nil, or `fonts.conf` when FONTCONFIG_FILE names something other than a file or a directory:
    /// fontconfig opens it for reading without asking, and a FIFO would hold the kiosk before its
    /// first frame for as long as nothing writes to it (a device might never end). Such a name is
    /// said on stderr. A name that does not exist, or a loop of links, is left to fontconfig,
    /// which says so and falls back to its defaults.
    private static func fileInsteadOfNamedOne() -> String? {
        guard let named = getenv("FONTCONFIG_FILE").map({ String(cString: $0) }), !named.isEmpty else { return nil }
        var info = stat()
        guard stat(named, &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        guard type != S_IFREG, type != S_IFDIR else { return nil }
        let message = "kiosk: FONTCONFIG_FILE names \(named), which is \(RegularFileError.kind(of: info.st_mode)), "
            + "not a configuration file; the fonts are configured by fonts.conf instead\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        return "fonts.conf"
    }

    /// FcInit() warns and adds a cache directory of its own when the configuration names none;
    /// that case is left to it.
    private static func hasCacheDirectory(_ config: OpaquePointer) -> Bool {
        guard let directories = FcConfigGetCacheDirs(config) else { return false }
        defer { FcStrListDone(directories) }
        return FcStrListNext(directories) != nil
    }
}

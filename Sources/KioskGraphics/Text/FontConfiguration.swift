import CPangoCairo
import Glibc
import Synchronization

/// The system's fontconfig configuration, loaded once for the process before Pango or
/// `FontLibrary` first asks fontconfig anything.
///
/// `FcInit()`, which Pango calls, loads `fonts.conf` and everything it includes, and then parses
/// every template in fontconfig's `conf.avail` as well, only to keep their descriptions for
/// `fc-conflist`: on Debian that is 45 more XML files, a third of the time `FcInit()` takes at each
/// start. Loaded here, the configuration is the same (the same `fonts.conf`, `FONTCONFIG_FILE`
/// honoured, the same caches; `FontConfigurationTests` compares the matches) without the templates.
/// `preload()` starts the load on a thread of its own at the start of a command, so that on a
/// board with a second core it overlaps reading the panels' config; `waitUntilLoaded()` joins it
/// before the first use. Nothing else runs on that thread and it touches nothing of ours.
///
/// fontconfig opens every file the configuration includes without asking what it is: a FIFO
/// there (or a file on a mount that no longer answers) would hold the first text, and so the
/// kiosk's start, for ever. The first text waits `patience` at most; then it says so on stderr and
/// goes on with a configuration of the font and cache directories alone, and what the thread reads
/// afterwards, if it ever returns, is dropped.
public enum FontConfiguration {
    /// Seconds. Loading takes milliseconds; this is for a read that never ends.
    static let patience = 10
    /// The thread reading the configuration, until it is joined or left. Read and written under
    /// `startLock`: tests and commands may ask for text from more than one thread.
    nonisolated(unsafe) private static var loader: pthread_t?
    nonisolated(unsafe) private static let startLock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()
    private static let isLoaded = Atomic<Bool>(false)
    /// Who installs a configuration: the thread that read the system's, or, once the first text
    /// stops waiting for it, the painting thread's fallback. Exchanged, so that only one does.
    private static let progress = Atomic<Int>(Progress.loading)
    /// Signalled by the thread once it is done, whatever it did.
    nonisolated(unsafe) private static let finished = ThreadCompletion()
    private enum Progress {
        static let loading = 0, installing = 1, abandoned = 2
    }

    /// Starts loading the configuration on a thread, once; a no-op when it is loading or loaded.
    /// Call it from the thread that paints.
    public static func preload() {
        pthread_mutex_lock(startLock)
        defer { pthread_mutex_unlock(startLock) }
        startLoader()
    }

    private static func startLoader() {
        guard !isLoaded.load(ordering: .acquiring), loader == nil else { return }
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { _ in
            defer { FontConfiguration.finished.signal() }
            let config = FontConfiguration.systemConfiguration()
            guard FontConfiguration.progress.compareExchange(expected: Progress.loading, desired: Progress.installing,
                                                             ordering: .acquiringAndReleasing).exchanged else {
                // Read too late: the fallback is fontconfig's configuration by now.
                if let config { FcConfigDestroy(config) }
                return nil
            }
            if let config { FontConfiguration.install(config) }
            return nil
        }, nil)
        // Without a thread the load happens on first use instead.
        if started == 0 { loader = thread }
    }

    /// Returns once a configuration is fontconfig's current one: the system's, or, after waiting
    /// `patience` seconds for it, the fallback. Call it from the thread that paints, before any
    /// fontconfig or Pango call.
    static func waitUntilLoaded() {
        guard !isLoaded.load(ordering: .acquiring) else { return }
        pthread_mutex_lock(startLock)
        defer { pthread_mutex_unlock(startLock) }
        guard !isLoaded.load(ordering: .acquiring) else { return }
        defer { isLoaded.store(true, ordering: .releasing) }
        startLoader()
        guard let thread = loader else {
            if let config = systemConfiguration() { install(config) }
            return
        }
        loader = nil
        guard !finished.wait(seconds: patience),
              progress.compareExchange(expected: Progress.loading, desired: Progress.abandoned,
                                       ordering: .acquiringAndReleasing).exchanged else {
            // Done, or it has just read the configuration and is installing it.
            pthread_join(thread, nil)
            return
        }
        pthread_detach(thread)
        let message = "kiosk: fontconfig has not read its configuration in \(patience) s (a file it includes may be a FIFO, "
            + "or on a mount that does not answer); the fonts are found in /usr/share/fonts without it\n"
        say(message)
        if let config = fallbackConfiguration() { install(config) }
    }

    /// The system's configuration, read; nil when `fonts.conf` cannot be read or names no cache
    /// directory: then nothing is installed and fontconfig falls back on its own, as it always has.
    private static func systemConfiguration() -> OpaquePointer? {
        guard let config = FcConfigCreate() else { return nil }
        // A nil name is fonts.conf, or what FONTCONFIG_FILE names, exactly as FcInit() reads it.
        let replacement = fileInsteadOfNamedOne()
        // With FONTCONFIG_FILE replaced, nothing is left to FcInit(), which would read it.
        guard FcConfigParseAndLoad(config, replacement, FcBool(FcTrue)) != 0,
              replacement != nil || hasCacheDirectory(config) else {
            FcConfigDestroy(config)
            return nil
        }
        return config
    }

    /// The font and cache directories of Debian's `fonts.conf`, without its rules and without
    /// anything included: fonts are found by their family names (the kiosk's default is DejaVu Sans).
    private static func fallbackConfiguration() -> OpaquePointer? {
        guard let config = FcConfigCreate() else { return nil }
        let directories = """
            <?xml version="1.0"?>
            <fontconfig>
              <dir>/usr/share/fonts</dir>
              <dir>/usr/local/share/fonts</dir>
              <cachedir>/var/cache/fontconfig</cachedir>
            </fontconfig>
            """
        let parsed = directories.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: strlen(text) + 1) {
                FcConfigParseAndLoadFromMemory(config, $0, FcBool(FcTrue))
            }
        }
        guard parsed != 0 else {
            FcConfigDestroy(config)
            return nil
        }
        return config
    }

    /// Builds the font list from the caches and makes the configuration current. The process
    /// keeps it to its end, so our reference is never given back (fontconfig before 2.13.1 did not
    /// take one of its own in FcConfigSetCurrent).
    private static func install(_ config: OpaquePointer) {
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
        say(message)
        return "fonts.conf"
    }

    /// A message on stderr, in one write.
    private static func say(_ line: String) {
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    /// FcInit() warns and adds a cache directory of its own when the configuration names none;
    /// that case is left to it.
    private static func hasCacheDirectory(_ config: OpaquePointer) -> Bool {
        guard let directories = FcConfigGetCacheDirs(config) else { return false }
        defer { FcStrListDone(directories) }
        return FcStrListNext(directories) != nil
    }
}

/// A flag one thread sets and another waits for, with a time limit on the monotonic clock: a
/// board's wall clock often jumps by years when it first syncs, which is no reason to stop waiting.
private final class ThreadCompletion {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var isDone = false

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    func signal() {
        pthread_mutex_lock(mutex)
        isDone = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Whether it was signalled within `seconds`.
    func wait(seconds: Int) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        deadline.tv_sec += seconds
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !isDone, pthread_cond_timedwait(condition, mutex, &deadline) != ETIMEDOUT {}
        return isDone
    }
}

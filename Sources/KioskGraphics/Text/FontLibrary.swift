import CPangoCairo
import Glibc

/// Why a font file or directory could not be loaded.
nonisolated public struct FontLoadingError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot load fonts from \(path): \(reason)" }
}

/// The fonts text is drawn with: the system's, plus the files `theme.fonts` names, which are
/// added to the fontconfig configuration Pango uses as application fonts — for this process alone,
/// nothing is installed on the system.
public enum FontLibrary {
    /// Paths loaded so far: fontconfig would add a file twice.
    nonisolated(unsafe) private static var loaded: Set<String> = []

    /// Adds a TTF/OTF file, or every font in a directory (and its subdirectories; see
    /// `FontDirectoryCheck` for what refuses one). A path loaded before is not loaded again.
    public static func load(_ path: String) throws(FontLoadingError) {
        guard !loaded.contains(path) else { return }
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw FontLoadingError(path: path, reason: String(cString: strerror(errno)))
        }
        let isDirectory = status.st_mode & S_IFMT == S_IFDIR
        guard isDirectory || status.st_mode & S_IFMT == S_IFREG else {
            throw FontLoadingError(path: path, reason: "not a regular file or a directory")
        }
        if isDirectory, let problem = FontDirectoryCheck.problem(in: path) {
            throw FontLoadingError(path: path, reason: problem)
        }
        FontConfiguration.waitUntilLoaded()
        let config = FcConfigGetCurrent()
        let before = applicationFontCount(config)
        let added = path.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) { bytes in
                isDirectory ? FcConfigAppFontAddDir(config, bytes) : FcConfigAppFontAddFile(config, bytes)
            }
        }
        // fontconfig skips files that are no fonts without failing: count what it added.
        guard added != 0, applicationFontCount(config) > before else {
            throw FontLoadingError(path: path, reason: isDirectory ? "no font fontconfig can read (TTF, OTF) in it"
                                                                   : "not a font fontconfig can read (TTF, OTF)")
        }
        loaded.insert(path)
        TextContext.fontsDidChange()
    }

    private static func applicationFontCount(_ config: OpaquePointer?) -> Int32 {
        FcConfigGetFonts(config, FcSetApplication)?.pointee.nfont ?? 0
    }

    /// Every family text may use now, sorted.
    public static var families: [String] {
        TextContext.automatic.familyNames.sorted()
    }

    /// Whether text can be drawn in `family` (case does not matter, as for fontconfig).
    public static func hasFamily(_ family: String) -> Bool {
        let wanted = family.lowercased()
        return TextContext.automatic.familyNames.contains { $0.lowercased() == wanted }
    }
}

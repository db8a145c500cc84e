import Glibc

/// A look through a font directory before fontconfig scans it. fontconfig opens every file in the
/// tree, whatever its name, to see whether it is a font: a FIFO there would hold the kiosk until
/// something wrote to it, and a device might be read without end. So the directory is refused when
/// it holds anything but regular files and directories, or is too large to scan at a start.
///
/// It walks the tree as fontconfig does: names that start with a dot are skipped, links are
/// followed, and each directory is visited once (a link back to a parent is no loop).
enum FontDirectoryCheck {
    /// Files and directories at most; a font directory of a kiosk holds a few dozen.
    static let maximumEntries = 10_000
    static let maximumDepth = 16

    /// nil when fontconfig may scan `directory`; else why not, naming the entry.
    static func problem(in directory: String) -> String? {
        var walk = Walk()
        return walk.problem(in: directory, depth: 0)
    }

    private struct Walk {
        private struct Identity: Hashable {
            var device: UInt64
            var inode: UInt64
        }

        private var visited = Set<Identity>()
        private var entries = 0

        mutating func problem(in directory: String, depth: Int) -> String? {
            var info = stat()
            // What cannot be read is left to fontconfig, which skips it.
            guard stat(directory, &info) == 0,
                  visited.insert(Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else { return nil }
            guard depth <= FontDirectoryCheck.maximumDepth else {
                return "\(directory) is more than \(FontDirectoryCheck.maximumDepth) directories deep"
            }
            guard let stream = opendir(directory) else { return nil }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasPrefix(".") { continue }
                entries += 1
                guard entries <= FontDirectoryCheck.maximumEntries else {
                    return "it holds more than \(FontDirectoryCheck.maximumEntries) files and directories"
                }
                let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                var entryInfo = stat()
                guard stat(path, &entryInfo) == 0 else { continue }
                switch entryInfo.st_mode & S_IFMT {
                case S_IFREG:
                    continue
                case S_IFDIR:
                    if let problem = problem(in: path, depth: depth + 1) { return problem }
                default:
                    return "\(path) is \(RegularFileError.kind(of: entryInfo.st_mode)), which fontconfig would open as a font"
                }
            }
            return nil
        }
    }
}

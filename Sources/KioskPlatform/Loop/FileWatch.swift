import CLinux
import Glibc

/// Reports changes to one file by watching its directory: editors and deploy tools replace files
/// by writing a temporary one and renaming it over the old, which a watch on the file itself would
/// miss (it follows the old inode, which is gone).
///
/// `EventLoop.addFileWatch` registers one for you. On any `Scheduler` (a virtual loop included),
/// add `fileDescriptor` as readable and call `drain()` when it is, keeping the watch alive meanwhile.
public final class FileWatch {
    private let descriptor: OwnedDescriptor
    private let fileName: String
    private let handler: (FileChange) -> Void

    public init(path: String, handler: @escaping (FileChange) -> Void) throws(LoopError) {
        let directory: String, fileName: String
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
            fileName = String(path[path.index(after: slash)...])
        } else {
            (directory, fileName) = (".", path)
        }
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw .cannotCreate("inotify instance", reason: LoopError.reason()) }
        descriptor = OwnedDescriptor(fd)
        let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
        guard inotify_add_watch(fd, directory, events) >= 0 else {
            throw .cannotWatchFile(path: path, reason: LoopError.reason())
        }
        self.fileName = fileName
        self.handler = handler
    }

    public var fileDescriptor: Int32 { descriptor.rawValue }

    /// Reads every queued event and reports the file's final state once, so a save that is a
    /// create + write + close reloads once, not three times.
    public func drain() {
        var outcome: FileChange?
        let headerSize = MemoryLayout<inotify_event>.size
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor.rawValue, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                while offset + headerSize <= count {
                    let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let nameLength = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = bytes[(offset + headerSize)..<(offset + headerSize + nameLength)]
                    let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                    offset += headerSize + nameLength
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                        // Events were lost: the file may have changed.
                        outcome = .changed
                    } else if name == fileName {
                        outcome = mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 ? .removed : .changed
                    }
                }
            }
        }
        if let outcome { handler(outcome) }
    }
}

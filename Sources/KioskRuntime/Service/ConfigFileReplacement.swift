import FoundationEssentials
import Glibc
import KioskGraphics

/// Replaces a config file's contents the way an editor's "save" should: written beside the file,
/// flushed, then renamed over it (`FileReplacement`), so a kiosk watching the file (or a power cut)
/// sees the old file or the new one, never half of one. The old contents stay as
/// `<file>.previous`, and the file keeps its permissions. A path that is a link replaces the file
/// it points to, so the link survives.
nonisolated enum ConfigFileReplacement {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var status = stat()
        let permissions = stat(target, &status) == 0 ? status.st_mode & 0o7777 : 0o644
        // The current file gets a second name first; it becomes `.previous` only once the new one
        // is in place, so a failed write leaves the last `.previous` as it was.
        let previous = target + ".previous"
        let keeping = target + ".keeping-\(getpid())"
        unlink(keeping)
        if link(target, keeping) != 0, errno != ENOENT {
            throw failure("cannot keep the current config as \(previous)")
        }
        do {
            try FileReplacement.replace(target, with: bytes, permissions: permissions, durably: true)
        } catch {
            unlink(keeping)
            throw Failure(description: error.description)
        }
        // The new config is in place either way; should this rename fail, the old contents stay
        // under the second name rather than be lost.
        rename(keeping, previous)
    }

    private static func failure(_ what: String) -> Failure {
        Failure(description: "\(what): \(String(cString: strerror(errno)))")
    }
}

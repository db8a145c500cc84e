import Foundation

/// Replaces a config file's contents the way an editor's "save" should: written beside the file,
/// flushed, then renamed over it, so a kiosk watching the file (or a power cut) sees the old file
/// or the new one, never half of one. The old contents stay as `<file>.previous`, and the file keeps
/// its permissions. A path that is a link replaces the file it points to, so the link survives.
nonisolated enum ConfigFileReplacement {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func replace(_ path: String, with bytes: [UInt8], suffix: String) throws(Failure) {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let directory = URL(fileURLWithPath: target).deletingLastPathComponent().path
        let temporary = "\(directory)/.\(URL(fileURLWithPath: target).lastPathComponent).\(suffix)-\(getpid())"
        var status = stat()
        let mode = stat(target, &status) == 0 ? status.st_mode & 0o7777 : 0o644
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            guard fchmod(descriptor, mode) == 0 else { return false }
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return fsync(descriptor) == 0
        }
        guard written else { throw failure("cannot write \(temporary)", removing: temporary) }
        let previous = target + ".previous"
        unlink(previous)
        if link(target, previous) != 0, errno != ENOENT {
            throw failure("cannot keep the current config as \(previous)", removing: temporary)
        }
        guard rename(temporary, target) == 0 else { throw failure("cannot replace \(target)", removing: temporary) }
    }

    private static func failure(_ what: String, removing temporary: String) -> Failure {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        return Failure(description: "\(what): \(reason)")
    }
}

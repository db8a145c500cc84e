import Foundation
import KioskConfig

/// A whole config sent on `<base>/config/set`: checked exactly as `kiosk check` checks a file, and
/// only if it passes written over the config file — atomically, the old file kept as `.previous`.
/// The caller then reloads. An invalid or oversized config changes nothing.
nonisolated struct ConfigPush {
    /// Larger than any hand-written config; a message this big is refused before it is parsed.
    static let maximumBytes = 1024 * 1024

    let configPath: String
    let registry: ComponentRegistry

    enum Outcome: Equatable {
        case written
        case refused(String)
    }

    func apply(_ bytes: [UInt8]) -> Outcome {
        guard bytes.count <= Self.maximumBytes else {
            return .refused("the config is \(bytes.count) bytes; at most \(Self.maximumBytes) are accepted")
        }
        let directory = URL(fileURLWithPath: configPath).deletingLastPathComponent().path
        let loader = ConfigLoader(registry: registry)
        if case .failure(let errors) = loader.load(bytes: bytes, file: configPath, imageDirectory: directory) {
            return .refused("the config was not applied:\n\(errors.description)")
        }
        // Written beside the file, then renamed over it: a reader sees the old file or the new one.
        let temporary = "\(directory)/.\(URL(fileURLWithPath: configPath).lastPathComponent).pushed-\(getpid())"
        let previous = configPath + ".previous"
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return fsync(descriptor) == 0
        }
        guard written else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return .refused("cannot write \(temporary): \(reason)")
        }
        unlink(previous)
        if link(configPath, previous) != 0, errno != ENOENT {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return .refused("cannot keep the current config as \(previous): \(reason)")
        }
        guard rename(temporary, configPath) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return .refused("cannot replace \(configPath): \(reason)")
        }
        return .written
    }
}

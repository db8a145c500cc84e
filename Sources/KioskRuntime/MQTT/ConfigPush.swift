import FoundationEssentials
import Glibc
import KioskConfig

/// A whole config sent on `<base>/config/set`: checked exactly as `kiosk check` checks a file, and
/// only if it passes written over the config file (`ConfigFileReplacement`: atomically, the old file
/// kept as `.previous`).
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
        do throws(ConfigFileReplacement.Failure) {
            try ConfigFileReplacement.replace(configPath, with: bytes)
        } catch {
            return .refused(error.description)
        }
        return .written
    }
}

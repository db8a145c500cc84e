import Glibc

/// A file descriptor that is closed when its owner goes away.
final class OwnedDescriptor {
    let rawValue: Int32

    init(_ rawValue: Int32) { self.rawValue = rawValue }

    isolated deinit { close(rawValue) }
}

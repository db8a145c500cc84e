import CDRM
import Glibc

/// A completed page flip: the buffer is on screen since `timestamp` (CLOCK_MONOTONIC seconds, the
/// kernel's vblank time; drivers without a vblank report the completion time).
public struct FlipCompletion: Equatable, Sendable {
    public let bufferIndex: Int
    public let timestamp: Double
    public let sequence: UInt32

    public init(bufferIndex: Int, timestamp: Double, sequence: UInt32) {
        self.bufferIndex = bufferIndex
        self.timestamp = timestamp
        self.sequence = sequence
    }
}

/// Reads page-flip events from a DRM descriptor with drmHandleEvent. libdrm calls back through a
/// C function pointer that cannot capture; the reader passes itself as the commit's user data and
/// the callback finds it there.
nonisolated final class FlipEventReader {
    private var received: [(timestamp: Double, sequence: UInt32)] = []

    /// The value to pass as a commit's user data.
    var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Reads what is ready (the descriptor is non-blocking) and returns the flips it reported.
    func read(from descriptor: Int32, device: String) throws -> [(timestamp: Double, sequence: UInt32)] {
        var context = drmEventContext()
        context.version = 3   // the first version with page_flip_handler2 (which carries the CRTC)
        context.page_flip_handler2 = { _, sequence, seconds, microseconds, _, userData in
            guard let userData else { return }
            let reader = Unmanaged<FlipEventReader>.fromOpaque(userData).takeUnretainedValue()
            reader.received.append((Double(seconds) + Double(microseconds) / 1_000_000, sequence))
        }
        received.removeAll(keepingCapacity: true)
        if drmHandleEvent(descriptor, &context) != 0 {
            let code = errno
            // Nothing to read yet is not an error on a non-blocking descriptor.
            if code != EAGAIN && code != EINTR {
                throw DRMError.callFailed(device: device, call: "drmHandleEvent", errno: code)
            }
        }
        return received
    }
}

import CLinux
import Glibc

/// Delivers signals as readable events through a signalfd. The signals are blocked first, since a
/// signalfd only sees signals that are not delivered the ordinary way; they stay blocked after the
/// source goes, so a late SIGTERM cannot kill the process halfway through a clean exit.
final class SignalSource {
    private let descriptor: OwnedDescriptor
    private let handler: (LoopSignal) -> Void

    init(signals: Set<LoopSignal>, handler: @escaping (LoopSignal) -> Void) throws(LoopError) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal.number) }
        guard sigprocmask(SIG_BLOCK, &mask, nil) == 0 else {
            throw .cannotCreate("signal mask", reason: LoopError.reason())
        }
        let fd = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard fd >= 0 else { throw .cannotCreate("signalfd", reason: LoopError.reason()) }
        descriptor = OwnedDescriptor(fd)
        self.handler = handler
    }

    var fileDescriptor: Int32 { descriptor.rawValue }

    /// Reads every pending signal and reports each.
    func drain() {
        var info = signalfd_siginfo()
        while read(descriptor.rawValue, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            if let signal = LoopSignal(number: Int32(bitPattern: info.ssi_signo)) { handler(signal) }
        }
    }
}

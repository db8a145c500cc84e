import Glibc

/// The signals a kiosk acts on: terminate and interrupt end it cleanly, hangup reloads the config,
/// user1 asks for a statistics line in the log.
nonisolated public enum LoopSignal: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case terminate, interrupt, hangup, user1

    var number: Int32 {
        switch self {
        case .terminate: SIGTERM
        case .interrupt: SIGINT
        case .hangup: SIGHUP
        case .user1: SIGUSR1
        }
    }

    init?(number: Int32) {
        guard let signal = Self.allCases.first(where: { $0.number == number }) else { return nil }
        self = signal
    }

    public var description: String {
        switch self {
        case .terminate: "SIGTERM"
        case .interrupt: "SIGINT"
        case .hangup: "SIGHUP"
        case .user1: "SIGUSR1"
        }
    }
}

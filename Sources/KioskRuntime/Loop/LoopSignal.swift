import Glibc

/// The signals a kiosk acts on: terminate and interrupt end it cleanly, hangup reloads the config.
nonisolated public enum LoopSignal: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case terminate, interrupt, hangup

    var number: Int32 {
        switch self {
        case .terminate: SIGTERM
        case .interrupt: SIGINT
        case .hangup: SIGHUP
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
        }
    }
}

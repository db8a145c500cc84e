import CSeat
import Glibc

/// Routes libseat's own messages (why logind refused a device, why a backend could not start)
/// into the kiosk's log: without them a failed seat call only has errno, which libseat does not
/// always set.
enum SeatLog {
    /// libseat logs from inside calls made on the kiosk's one thread; the handler reads this there.
    nonisolated(unsafe) private static var logger: Logger = .discarding

    /// Errors only: libseat's info and debug lines describe every device it opens.
    static func route(to logger: Logger) {
        Self.logger = logger
        libseat_set_log_handler(handleLine)
        libseat_set_log_level(LIBSEAT_LOG_LEVEL_ERROR)
    }

    private static let handleLine: libseat_log_func = { level, format, arguments in
        guard let format, let arguments else { return }
        var buffer = [CChar](repeating: 0, count: 512)
        _ = vsnprintf(&buffer, buffer.count, format, arguments)
        let text = "libseat: " + String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        SeatLog.logger.log(level == LIBSEAT_LOG_LEVEL_ERROR ? .warning : .debug, text)
    }
}

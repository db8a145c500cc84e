import FoundationEssentials
import _FoundationICU

/// A date, a time of day, or both, in the styles people know from their devices (short, medium,
/// long), in one locale and time zone: ICU's date format opened with those styles, as Foundation's
/// DateFormatter opens it. Not thread-safe: `LocaleFormatting` uses each under its cache's lock.
final class StyledDateFormat {
    enum Style: Hashable {
        case none, short, medium, long

        fileprivate var icuStyle: UDateFormatStyle {
            switch self {
            case .none: UDAT_NONE
            case .short: UDAT_SHORT
            case .medium: UDAT_MEDIUM
            case .long: UDAT_LONG
            }
        }
    }

    private let format: UnsafeMutablePointer<UDateFormat?>

    /// Nil when ICU cannot open the format (it falls back to the root locale for an unknown one).
    init?(date: Style, time: Style, locale: String, timeZone: TimeZone) {
        var status = U_ZERO_ERROR
        let zone = Array(timeZone.identifier.utf16)
        let opened = zone.withUnsafeBufferPointer {
            swift_udat_open(time.icuStyle, date.icuStyle, locale, $0.baseAddress, Int32($0.count), nil, 0, &status)
        }
        guard let opened, status.rawValue <= U_ZERO_ERROR.rawValue else {
            if let opened { swift_udat_close(opened) }
            return nil
        }
        format = opened
    }

    deinit {
        swift_udat_close(format)
    }

    /// `time`, in seconds since 1970.
    func string(from time: Double) -> String {
        var units = [UInt16](repeating: 0, count: 128)
        var status = U_ZERO_ERROR
        var length = swift_udat_format(format, time * 1000, &units, Int32(units.count), nil, &status)
        if status == U_BUFFER_OVERFLOW_ERROR, length > 0 {
            units = [UInt16](repeating: 0, count: Int(length))
            status = U_ZERO_ERROR
            length = swift_udat_format(format, time * 1000, &units, Int32(units.count), nil, &status)
        }
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length > 0 else { return "" }
        return String(decoding: units.prefix(Int(length)), as: UTF16.self)
    }
}

import Glibc

/// A seat or device-access failure, with the device, the call and what to change.
nonisolated public struct SeatError: Error, Equatable, Sendable, CustomStringConvertible {
    public var operation: String
    public var path: String?
    public var code: Int32
    public var hint: String?

    public init(operation: String, path: String? = nil, code: Int32, hint: String? = nil) {
        self.operation = operation
        self.path = path
        self.code = code
        self.hint = hint
    }

    public var description: String {
        var text = operation
        if let path { text += " \(path)" }
        text += ": \(String(cString: strerror(code)))"
        if let hint { text += "; \(hint)" }
        return text
    }

    /// Explains a failed direct `open` of a device node in terms of what the integrator can fix.
    /// `groupName` is the group owning the node, when known.
    static func directOpen(path: String, code: Int32, groupName: String?) -> SeatError {
        let hint: String? = switch code {
        case ENOENT:
            "the device does not exist; is its driver loaded (ls /dev/dri /dev/input)?"
        case EACCES, EPERM:
            "this user may not open it; add it to group '\(groupName ?? "video/input")' "
                + "(SupplementaryGroups= in kiosk.service), or run seatd or a logind session so the seat opens it"
        case EBUSY:
            "another program holds the device; stop the display manager or compositor using it"
        default:
            nil
        }
        return SeatError(operation: "open", path: path, code: code, hint: hint)
    }
}

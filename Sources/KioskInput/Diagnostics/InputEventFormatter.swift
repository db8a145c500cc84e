import KioskPlatform

/// One line per event, in the spirit of `libinput debug-events`, easy to read and to grep.
public enum InputEventFormatter {
    public static func line(for event: InputEvent) -> String {
        switch event {
        case .touch(let sample):
            let id = sample.id == TouchSample.pointerID ? "pointer" : "\(sample.id)"
            return "\(time(sample.timestamp)) touch \(sample.phase.rawValue) id=\(id) "
                + "x=\(fixed(sample.location.x)) y=\(fixed(sample.location.y))"
        case .key(let key):
            return "\(time(key.timestamp)) key \(key.isDown ? "down" : "up") \(name(of: key.key))"
        case .hardwareKeyboardPresent(let present):
            return "hardware keyboard \(present ? "present" : "absent")"
        }
    }

    public static func name(of key: Key) -> String {
        switch key {
        case .text(let text): "text \"\(text)\""
        case .returnKey: "return"
        case .backspace: "backspace"
        case .delete: "delete"
        case .tab: "tab"
        case .escape: "escape"
        case .left: "left"
        case .right: "right"
        case .up: "up"
        case .down: "down"
        case .home: "home"
        case .end: "end"
        }
    }

    /// Two decimals, without Foundation's formatters.
    static func fixed(_ value: Double) -> String {
        let hundredths = Int((abs(value) * 100).rounded())
        let fraction = hundredths % 100
        return "\(value < 0 && hundredths > 0 ? "-" : "")\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    private static func time(_ seconds: Double) -> String {
        let micros = Int((seconds * 1_000_000).rounded())
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }
}

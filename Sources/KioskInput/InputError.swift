/// Why input could not be set up.
nonisolated public enum InputError: Error, Equatable, CustomStringConvertible {
    /// The udev library could not be initialised (no /sys, or no udev in a container).
    case udevUnavailable
    /// libinput refused the seat: it does not exist or udev knows no devices for it.
    case seatUnavailable(seat: String)
    /// Input devices exist but none could be opened for lack of permission.
    case permissionDenied(paths: [String], seat: String)
    /// A device named on the command line cannot be used (missing, not an event node, refused).
    case deviceUnusable(path: String, reason: String)
    /// The keyboard layout is not known to xkeyboard-config (the `xkb-data` package).
    case unknownKeyboardLayout(layout: String, variant: String)
    /// xkbcommon itself could not start (out of memory, or no include path).
    case keyboardContextUnavailable

    public var description: String {
        switch self {
        case .udevUnavailable:
            "Cannot create a udev context: input needs /sys and /run/udev (in a container, bind-mount them)."
        case .seatUnavailable(let seat):
            "libinput cannot use seat '\(seat)': check the seat name in the configuration (the default is seat0) "
                + "and that systemd-udevd is running."
        case .permissionDenied(let paths, let seat):
            "Cannot open \(Self.summary(of: paths)) on seat '\(seat)': permission denied. Run as root, add the "
                + "user to the `input` group, or run under a seat manager (seatd or systemd-logind) so the "
                + "devices are opened through libseat."
        case .deviceUnusable(let path, let reason):
            "Cannot use input device \(path): \(reason). Name an event node (/dev/input/eventN; "
                + "`kiosk-input-check` lists the devices) that exists and that you may open."
        case .unknownKeyboardLayout(let layout, let variant):
            "Unknown keyboard layout '\(layout)'" + (variant.isEmpty ? "" : " variant '\(variant)'")
                + ": use a name from /usr/share/X11/xkb/symbols (install the `xkb-data` package)."
        case .keyboardContextUnavailable:
            "Cannot create an xkbcommon context: install the `xkb-data` package."
        }
    }

    private static func summary(of paths: [String]) -> String {
        guard let first = paths.first else { return "any input device" }
        return paths.count == 1 ? first : "\(first) and \(paths.count - 1) more"
    }
}

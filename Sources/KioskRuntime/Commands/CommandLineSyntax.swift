/// What each `kiosk` subcommand accepts: its usage text (what `--help` prints) and its options.
/// The one table both the parser and the help read, so no option works without being documented
/// and no documented option is refused.
public struct CommandLineSyntax: Sendable {
    public let name: String
    public let usage: String
    public let valueOptions: Set<String>
    public let flags: Set<String>

    /// Splits `words` (after the subcommand) into options and operands; unknown options throw
    /// `UsageError` naming the nearest known one.
    public func parse(_ words: [String]) throws -> Arguments {
        try Arguments(words, flagNames: flags, valueNames: valueOptions)
    }

    public static let run = CommandLineSyntax(name: "run", usage: """
        usage: kiosk run [--config FILE] [--backend auto|drm|headless] [options]
          --config FILE                 the panels to show (YAML); without it, the reference dashboard
          --backend auto|drm|headless   auto: the display when one is connected, else headless
          --control PATH                the control socket (default: control.sock in $RUNTIME_DIRECTORY,
                                        else $XDG_RUNTIME_DIR/kiosk, else /tmp/kiosk-UID, made 0700)
          --verbose                     log debug messages (wins over the config's log level)
          --no-remote                   no VNC remote view (headless serves one on 127.0.0.1 by default)
          --size WxH                    headless: the screen size
          --out FILE.png                headless: where the frame is written (renamed over FILE.png)
          --once                        headless: write the frame and exit
          --appearance light|dark       the colour scheme
          --device PATH                 the DRM card (/dev/dri/card0)
          --connector NAME              the connector (HDMI-A-1)
          --mode WxH[@Hz]               the display mode
          --rotation 0|90|180|270       how the panel is mounted
          --scale S                     pixels per point
          --seat NAME                   the input seat (seat0)
          --device-access auto|seat|direct   open devices through libseat, directly, or either
          --keyboard-layout LAYOUT      the xkb layout of attached keyboards (us, de, ...)
          --ring PERCENT                the dashboard's ring value (without --config)
          --demo-animate                animate the dashboard (without --config)
          --trace FILE.json             write a Chrome trace-event file of every frame (ui.perfetto.dev)
          --help                        this text
        """,
        valueOptions: ["config", "backend", "control", "size", "out", "appearance", "device", "connector", "mode",
                       "rotation", "scale", "seat", "device-access", "keyboard-layout", "ring", "trace"],
        flags: ["verbose", "once", "demo-animate", "no-remote"])

    public static let check = CommandLineSyntax(name: "check", usage: """
        usage: kiosk check FILE
          Validates a config; prints OK, or every error with file:line:column (exit status 1).
          --help                        this text
        """, valueOptions: [], flags: [])

    public static let components = CommandLineSyntax(name: "components", usage: """
        usage: kiosk components [--icons]
          Prints every component with its properties, types and defaults.
          --icons                       instead, every icon name: the built-in symbols, then mdi:NAME
          --help                        this text
        """, valueOptions: [], flags: ["icons"])

    public static let snapshot = CommandLineSyntax(name: "snapshot", usage: """
        usage: kiosk snapshot [FILE --panel ID] --out FILE.png [options]
               kiosk snapshot --gallery --out FILE.png [options]
          --out FILE.png                where the PNG is written
          --panel ID                    the panel of FILE to render (default: its start panel)
          --size WxH                    the screen size
          --appearance light|dark       the colour scheme
          --accessibility               also print the accessibility tree
          --gallery                     every component (without FILE)
          --help                        this text
        """, valueOptions: ["out", "panel", "size", "appearance"], flags: ["accessibility", "gallery"])

    public static let test = CommandLineSyntax(name: "test", usage: """
        usage: kiosk test SCRIPT.yaml... [--update] [--refresh-rate HZ] [--verbose]
          Plays headless scripts: taps, typing, expectations, golden images (exit status 1 on a failure).
          --update                      rewrite the golden images instead of comparing
          --refresh-rate HZ             the headless display's refresh rate (60): frames come at each refresh
          --verbose                     end each step's line with the frames it presented
          --help                        this text
        """, valueOptions: ["refresh-rate"], flags: ["update", "verbose"])

    public static let calibrate = CommandLineSyntax(name: "calibrate", usage: """
        usage: kiosk calibrate [--config FILE [--write]] [--device PATH] [options]
          Shows four crosshairs to touch and a fifth that checks the result, then prints the touchscreen's
          calibration matrix (libinput's six numbers). Stop the kiosk service first: this needs the display.
          --config FILE                 take the display, rotation and seat from this config
          --write                       put the matrix into FILE's input.calibration (comments and layout kept;
                                        the old file stays as FILE.previous)
          --device PATH                 the touchscreen's event node (/dev/input/event5); default: every
                                        touchscreen of the seat
          --card PATH                   the DRM card (/dev/dri/card0)
          --connector NAME              the connector (HDMI-A-1)
          --mode WxH[@Hz]               the display mode
          --rotation 0|90|180|270       how the panel is mounted (default: the config's)
          --seat NAME                   the input seat (seat0)
          --device-access auto|seat|direct   open devices through libseat, directly, or either
          --timeout SECONDS             give up after this long without a touch (120)
          --help                        this text
        """,
        valueOptions: ["config", "device", "card", "connector", "mode", "rotation", "seat", "device-access", "timeout"],
        flags: ["write"])

    public static let all: [CommandLineSyntax] = [.run, .check, .components, .snapshot, .test, .calibrate]

    /// The overview `kiosk --help` prints.
    public static var overview: String {
        """
        usage: kiosk run [--config FILE] [--backend auto|drm|headless] [--control PATH] [--verbose] [options]
               kiosk check FILE
               kiosk components [--icons]
               kiosk snapshot [FILE --panel ID] --out FILE.png [--size WxH] [--appearance light|dark] [--accessibility]
               kiosk snapshot --gallery --out FILE.png [--size WxH] [--appearance light|dark]
               kiosk test SCRIPT.yaml... [--update] [--refresh-rate HZ] [--verbose]
               kiosk calibrate [--config FILE [--write]] [--device PATH] [--rotation 0|90|180|270]
               kiosk ctl [--socket PATH] set WIDGET.PROPERTY VALUE | get WIDGET.PROPERTY | goto PANEL | back | reload
                         | screenshot [FILE.png] | alert TITLE [MESSAGE [BUTTON...]] | subscribe
        `kiosk COMMAND --help` lists every option of a command; `kiosk --version` prints the version.
        """
    }
}

import KioskConfig
import KioskGraphics
import KioskPlatform
import KioskUI

/// A headless test of a config, read from YAML:
///
/// ```yaml
/// config: ../../Config/kiosk.yaml   # relative to the script
/// size: 800x480                     # optional (default: the config's display size, else 800x480)
/// appearance: dark                  # optional
/// steps:
///   - do: {goto: settings}          # any action, run as if a widget triggered it
///   - tap: pay                      # a widget id, or a point [x, y]
///   - long_press: {target: pay, duration: 0.8s}
///   - drag: {from: level, to: [600, 200], duration: 0.3s}
///   - drag: {from: [700, 240], to: [400, 240], release: false}   # the finger stays down at `to`
///   - drag: {to: [300, 240], duration: 0.1s}   # without `from`: the finger held moves on, then lifts
///   - type: "hello"
///   - key: return                   # return, backspace, delete, tab, escape, left, right, up, down, home, end
///   - wait: 0.5s
///   - expect: {panel: settings}
///   - expect: {widget: status, property: text, equals: Saved}
///   - expect: {emitted: level_saved, value: 3}
///   - expect: {accessibility_label: Pay}
///   - expect: {alert: Are you sure?}
///   - snapshot: settings            # or {name: settings, tolerance: 2}
///   - data: {source: weather, value: {temp: 21}}   # a value for a source, as if it had arrived
///   - expect: {source: weather, field: temp, equals: 21}   # field: value, stale, updated, error or a member
/// ```
public struct PanelScript {
    public var file: String
    public var configPath: String
    public var size: Size?
    public var appearance: Appearance?
    /// Where `snapshot` goldens live: `Golden/` next to the script.
    public var goldenDirectory: String
    public var steps: [Step]

    public struct Step {
        public var kind: Kind
        public var location: SourceLocation
        /// The step as written, for the report line.
        public var summary: String
    }

    public enum Kind {
        case run(YAMLNode)
        case tap(Target)
        case longPress(Target, duration: Double)
        /// `from` nil: the finger a drag left down moves on. `release` false leaves it down.
        case drag(from: Target?, to: Target, duration: Double, release: Bool)
        case type(String)
        case key(Key)
        case wait(Double)
        case expect(Expectation)
        case snapshot(name: String, tolerance: UInt8)
        /// A value for a source of the config (any kind), given as YAML.
        case data(source: String, value: YAMLNode)
    }

    public enum Target: CustomStringConvertible {
        case widget(String)
        case point(Point)

        public var description: String {
            switch self {
            case .widget(let id): id
            case .point(let point): "[\(point.x.compact), \(point.y.compact)]"
            }
        }
    }

    public enum Expectation {
        case panel(String)
        case property(widget: String, property: String, equals: String)
        case emitted(String, value: String?)
        case accessibilityLabel(String)
        case alert(String)
        /// A source's value (or one field of it) written as text: `21`, `true`, `Sunny`.
        case source(String, field: String?, equals: String)
    }
}

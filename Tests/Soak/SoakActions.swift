import KioskConfig
import KioskGraphics
import KioskPlatform
import KioskRuntime
import KioskTestSupport
import KioskUI

/// What happens to the kiosk during the run, one random thing at a time: a person taps, holds,
/// drags and types on whatever is on screen, and another program sends `set`, `get`, `goto`,
/// `back`, `alert`, `screenshot` and `reload` over the control socket. Each action says what it
/// did, so a failure can be read back.
struct SoakActions {
    let kiosk: SoakKiosk
    let values: SetValues
    /// Every widget with an id in the config running, on any panel (a `set` may target a panel not shown).
    var widgets: [WidgetSpec] { kiosk.host.config.panels.flatMap { $0.root.subtreeWithIDs } }
    private(set) var counts: [String: Int] = [:]

    init(kiosk: SoakKiosk) {
        self.kiosk = kiosk
        values = SetValues(registry: AdapterTable.standard.registry)
    }

    /// Runs one random action; returns its description.
    mutating func runOne(using random: inout SeededRandom) throws -> String {
        if let alertButton = alertButtons().randomElement(using: &random), Double.random(in: 0..<1, using: &random) < 0.6 {
            return try counted("alert answer", tapView(alertButton, using: &random))
        }
        let roll = Double.random(in: 0..<100, using: &random)
        switch roll {
        case ..<26: return try counted("tap", tap(using: &random))
        case ..<31: return try counted("long press", longPress(using: &random))
        case ..<43: return try counted("drag", drag(using: &random))
        case ..<56: return try counted("type", type(using: &random))
        case ..<76: return try counted("set", set(using: &random))
        case ..<80: return try counted("get", get(using: &random))
        case ..<87:
            let panel = kiosk.host.config.panels.randomElement(using: &random)!.id
            try kiosk.request(["cmd": "goto", "panel": .string(panel)])
            return counted("goto", "ctl goto \(panel)")
        case ..<91:
            try kiosk.request(["cmd": "back"])
            return counted("back", "ctl back")
        case ..<93:
            try kiosk.request(["cmd": "alert", "title": "Door open", "message": "Please close the door",
                               "buttons": Bool.random(using: &random) ? [] : ["Later", "Done"]])
            return counted("alert", "ctl alert")
        case ..<94:
            kiosk.deliver(.hardwareKeyboardPresent(Bool.random(using: &random)))
            return counted("keyboard", "hardware keyboard toggled")
        case ..<95:
            try kiosk.request(["cmd": "screenshot"])
            return counted("screenshot", "ctl screenshot")
        case ..<96.5:
            try kiosk.reloadOtherConfig()
            return counted("reload", "reload to the \(kiosk.runsVariant ? "variant" : "original") config")
        default:
            // Nobody there: a pause of minutes lets the screen dim, blank and return to the start panel.
            // Rare, so that about a quarter of the virtual time is spent idle.
            guard Double.random(in: 0..<1, using: &random) < 0.06 else { return try counted("tap", tap(using: &random)) }
            let pause = Double.random(in: 60...400, using: &random)
            try kiosk.wait(pause)
            return counted("pause", "pause \(Int(pause)) s")
        }
    }

    private mutating func counted(_ kind: String, _ description: String) -> String {
        counts[kind, default: 0] += 1
        return description
    }

    // MARK: Touch

    /// Views with an id in the panel shown and the layers above it (alerts, keyboard), on screen.
    private func touchableViews() -> [View] {
        kiosk.screen.rootView.subtree.filter { view in
            view.id != nil && !view.isHidden && view.screen != nil && !onScreenFrame(of: view).isEmpty
        }
    }

    private func alertButtons() -> [View] {
        kiosk.screen.rootView.subtree.filter { $0.id?.hasPrefix("alert.") == true && $0.screen != nil }
    }

    private func onScreenFrame(of view: View) -> Rect {
        let frame = kiosk.driver.frameOnScreen(of: view)
        let size = kiosk.screen.size
        let minX = max(0, frame.minX), minY = max(0, frame.minY)
        let maxX = min(size.width, frame.maxX), maxY = min(size.height, frame.maxY)
        guard maxX > minX, maxY > minY else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    private func randomPoint(in rect: Rect, using random: inout SeededRandom) -> Point {
        Point(x: rect.minX + Double.random(in: 0..<max(1, rect.width), using: &random).rounded(.down),
              y: rect.minY + Double.random(in: 0..<max(1, rect.height), using: &random).rounded(.down))
    }

    private func randomPointOnScreen(using random: inout SeededRandom) -> Point {
        randomPoint(in: Rect(origin: .zero, size: kiosk.screen.size), using: &random)
    }

    private func tapView(_ view: View, using random: inout SeededRandom) throws -> String {
        let point = randomPoint(in: onScreenFrame(of: view), using: &random)
        try kiosk.tap(at: point)
        return "tap \(view.id ?? "?") at \(point)"
    }

    private func tap(using random: inout SeededRandom) throws -> String {
        if Bool.random(using: &random), let view = touchableViews().randomElement(using: &random) {
            return try tapView(view, using: &random)
        }
        let point = randomPointOnScreen(using: &random)
        try kiosk.tap(at: point)
        return "tap at \(point)"
    }

    private func longPress(using random: inout SeededRandom) throws -> String {
        let point = touchableViews().randomElement(using: &random).map { randomPoint(in: onScreenFrame(of: $0), using: &random) }
            ?? randomPointOnScreen(using: &random)
        try kiosk.tap(at: point, holding: Double.random(in: 0.6...1.5, using: &random))
        return "long press at \(point)"
    }

    private func drag(using random: inout SeededRandom) throws -> String {
        let sliders = touchableViews().filter { $0 is Slider || $0 is MarkedSlider || $0 is Switch }
        let start: Point, end: Point
        if Bool.random(using: &random), let slider = sliders.randomElement(using: &random) {
            let frame = onScreenFrame(of: slider)
            start = randomPoint(in: frame, using: &random)
            end = Point(x: frame.minX + Double.random(in: -20...(frame.width + 20), using: &random).rounded(), y: start.y)
        } else {
            start = randomPointOnScreen(using: &random)
            end = randomPointOnScreen(using: &random)
        }
        try kiosk.drag(from: start, to: end, duration: Double.random(in: 0.1...0.8, using: &random))
        return "drag \(start) -> \(end)"
    }

    // MARK: Typing

    static let typed = ["a", "b", "Z", "1", "7", "@", ".", " ", "é", "ñ", "ü", "€"]

    private func type(using random: inout SeededRandom) throws -> String {
        guard kiosk.screen.focusedView is TextInput else {
            let inputs = touchableViews().filter { $0 is TextInput }
            if let input = inputs.randomElement(using: &random) { return try "focus: " + tapView(input, using: &random) }
            try kiosk.request(["cmd": "goto", "panel": "form"])
            return "ctl goto form (to type)"
        }
        var typed = ""
        let keyboard = kiosk.driver.keyboard
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            let key: Key = switch Int.random(in: 0..<20, using: &random) {
            case 0, 1: .backspace
            case 2: .returnKey
            case 3: [.left, .right, .home, .end].randomElement(using: &random)!
            default: .text(Self.typed.randomElement(using: &random)!)
            }
            typed += "\(key) "
            if keyboard.isShown, let points = try? keyboard.tapPoints(for: key), !points.isEmpty {
                for point in points {
                    try kiosk.tap(at: point)
                    try kiosk.wait(0.05)
                }
            } else {
                kiosk.press(key)
                try kiosk.wait(0.05)
            }
        }
        return "type \(typed)"
    }

    // MARK: Control socket

    private func set(using random: inout SeededRandom) throws -> String {
        let widget = widgets.randomElement(using: &random)!
        let id = widget.id!
        guard let (property, value) = values.assignment(for: widget, liveValue: { kiosk.host.value(of: $0, widget: id) },
                                                        using: &random) else { return "set: nothing to set on \(id)" }
        try kiosk.request(["cmd": "set", "target": .string("\(id).\(property)"), "value": value])
        return "ctl set \(id).\(property) \(value.serialized)"
    }

    private func get(using random: inout SeededRandom) throws -> String {
        let widget = widgets.randomElement(using: &random)!
        let property = ["text", "value", "on", "alpha", "hidden"].randomElement(using: &random)!
        // A property the widget does not have is refused, and that is right: only ask for ones it has.
        guard values.registry.schema(for: widget.type)?.property(named: property) != nil else { return "get: skipped" }
        try kiosk.request(["cmd": "get", "target": .string("\(widget.id!).\(property)")])
        return "ctl get \(widget.id!).\(property)"
    }
}

extension WidgetSpec {
    /// This widget and its descendants that have an id.
    var subtreeWithIDs: [WidgetSpec] {
        (id == nil ? [] : [self]) + children.flatMap(\.subtreeWithIDs)
    }
}

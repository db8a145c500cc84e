import KioskGraphics
import KioskPlatform

/// Turns device-level input into what the UI consumes: touches with stable ids in UI points, the
/// pointer and pen acting as one more finger, keys through the keymap, and keyboard presence.
final class InputEventTranslator {
    var mapper: CoordinateMapper
    /// The keymap keys are read through, compiled with the first key: xkbcommon takes milliseconds
    /// and most of a megabyte for it, and most kiosks never see a key.
    let keymap: Keymap
    /// The compiled keymap, once a key came and it compiled (or the default one did instead).
    private(set) var keyboard: KeyboardTranslator?
    /// Why the configured keymap could not be compiled and what keys do instead, until the owner
    /// takes it to report it.
    private var keymapProblem: String?
    private var triedKeymap = false
    /// Compiles a keymap: xkbcommon's, or a stand-in in tests.
    private let compileKeyboard: (Keymap) throws(InputError) -> KeyboardTranslator
    private(set) var devices: [Int: InputDeviceInfo] = [:]

    private struct ActiveTouch {
        var device: Int
        var location: Point
    }
    /// Touches that are down, by libinput seat slot (unique across the seat's touchscreens).
    private var touches: [Int: ActiveTouch] = [:]
    /// Where the pointer is, in UI points; relative motion moves it in the UI's own directions, so
    /// a mouse behaves as the person looking at the rotated screen expects.
    private(set) var pointerLocation: Point
    private var pointerIsDown = false
    /// The newest device time seen, for events libinput does not stamp (a device vanishing).
    private var latestTime = 0.0

    init(mapper: CoordinateMapper, keymap: Keymap,
         compileKeyboard: @escaping (Keymap) throws(InputError) -> KeyboardTranslator = { keymap throws(InputError) in
             try KeyboardTranslator(keymap: keymap)
         }) {
        self.mapper = mapper
        self.keymap = keymap
        self.compileKeyboard = compileKeyboard
        let size = mapper.uiSize
        pointerLocation = Point(x: (size.width / 2).rounded(.down), y: (size.height / 2).rounded(.down))
    }

    var textKeyboardCount: Int { devices.values.filter(\.isTextKeyboard).count }

    func translate(_ raw: RawInput) -> [InputEvent] {
        if let time = raw.time { latestTime = max(latestTime, time) }
        switch raw {
        case .deviceAdded(let info):
            let hadKeyboard = textKeyboardCount > 0
            devices[info.id] = info
            return keyboardPresenceChange(from: hadKeyboard)
        case .deviceRemoved(let id):
            let hadKeyboard = textKeyboardCount > 0
            devices[id] = nil
            return cancelTouches(ofDevice: id) + keyboardPresenceChange(from: hadKeyboard)
        case .touchDown(let device, let slot, let position, let time):
            let location = mapper.uiPoint(forNormalized: position)
            touches[slot] = ActiveTouch(device: device, location: location)
            return [touch(slot, .began, location, time)]
        case .touchMotion(_, let slot, let position, let time):
            guard touches[slot] != nil else { return [] }
            let location = mapper.uiPoint(forNormalized: position)
            touches[slot]?.location = location
            return [touch(slot, .moved, location, time)]
        case .touchUp(_, let slot, let time):
            guard let ended = touches.removeValue(forKey: slot) else { return [] }
            return [touch(slot, .ended, ended.location, time)]
        case .touchCancel(_, let slot, let time):
            guard let cancelled = touches.removeValue(forKey: slot) else { return [] }
            return [touch(slot, .cancelled, cancelled.location, time)]
        case .pointerMotion(let dx, let dy, let time):
            return movePointer(to: mapper.clampedToUI(Point(x: pointerLocation.x + dx, y: pointerLocation.y + dy)), time)
        case .pointerAbsolute(let position, let time):
            // An absolute pointer covers the display as it is scanned out: scale, then rotate.
            let display = Point(x: position.x * Double(mapper.displayWidth), y: position.y * Double(mapper.displayHeight))
            return movePointer(to: mapper.clampedToUI(mapper.uiPoint(forDisplayPoint: display)), time)
        case .pointerButton(let isPrimary, let isDown, let time):
            guard isPrimary else { return [] }
            return pressPointer(isDown, time)
        case .tabletTip(let position, let isDown, let time):
            let moved = movePointer(to: mapper.clampedToUI(mapper.uiPoint(forNormalized: position)), time)
            return moved + pressPointer(isDown, time)
        case .tabletMotion(let position, let time):
            return movePointer(to: mapper.clampedToUI(mapper.uiPoint(forNormalized: position)), time)
        case .key(let code, let isDown, let time):
            guard let keyboard = compiledKeyboard() else { return [] }
            return keyboard.translate(evdevKeycode: code, isDown: isDown, timestamp: time).map { [.key($0)] } ?? []
        }
    }

    /// Returns the problem the configured keymap had, once.
    func takeKeymapProblem() -> String? {
        defer { keymapProblem = nil }
        return keymapProblem
    }

    /// Compiles the keymap the first time. A layout xkeyboard-config does not know gives way to the
    /// default one, so the keyboard still types, and the problem is kept for the owner to report;
    /// when the default one cannot be compiled either (no xkb-data), keys are ignored, and the
    /// problem says why the default failed too.
    private func compiledKeyboard() -> KeyboardTranslator? {
        guard !triedKeymap else { return keyboard }
        triedKeymap = true
        do {
            keyboard = try compileKeyboard(keymap)
        } catch {
            guard keymap != Keymap() else {
                keymapProblem = "\(error) Keys are ignored."
                return nil
            }
            do {
                keyboard = try compileKeyboard(Keymap())
                keymapProblem = "\(error) Keys are read with the US layout."
            } catch let fallbackError {
                keymapProblem = "\(error) The US layout could not be compiled either: \(fallbackError) Keys are ignored."
            }
        }
        return keyboard
    }

    private func touch(_ id: Int, _ phase: TouchPhase, _ location: Point, _ time: Double) -> InputEvent {
        .touch(TouchSample(id: id, phase: phase, location: location, timestamp: time))
    }

    private func movePointer(to location: Point, _ time: Double) -> [InputEvent] {
        guard location != pointerLocation else { return [] }
        pointerLocation = location
        // Hovering means nothing on a touch UI; only a held button drags.
        return pointerIsDown ? [touch(TouchSample.pointerID, .moved, location, time)] : []
    }

    private func pressPointer(_ isDown: Bool, _ time: Double) -> [InputEvent] {
        guard isDown != pointerIsDown else { return [] }
        pointerIsDown = isDown
        return [touch(TouchSample.pointerID, isDown ? .began : .ended, pointerLocation, time)]
    }

    /// A touchscreen unplugged mid-touch must not leave fingers stuck down in the UI.
    private func cancelTouches(ofDevice device: Int) -> [InputEvent] {
        let stuck = touches.filter { $0.value.device == device }.sorted { $0.key < $1.key }
        for (slot, _) in stuck { touches[slot] = nil }
        return stuck.map { touch($0.key, .cancelled, $0.value.location, latestTime) }
    }

    private func keyboardPresenceChange(from hadKeyboard: Bool) -> [InputEvent] {
        let hasKeyboard = textKeyboardCount > 0
        return hasKeyboard == hadKeyboard ? [] : [.hardwareKeyboardPresent(hasKeyboard)]
    }
}

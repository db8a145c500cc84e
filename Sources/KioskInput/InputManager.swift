import KioskPlatform

/// The kiosk's input: every touchscreen, pointer, pen and keyboard of one seat, hotplugged at any
/// time, delivered as `InputEvent`s in UI coordinates. Put `fileDescriptor` in the event loop and
/// call `readEvents()` when it is readable (and once after creation, for the devices present).
public final class InputManager {
    private let seat: LibinputSeat
    private let translator: InputEventTranslator

    /// Opens the seat. Devices that appear later are picked up as they come.
    /// The keymap is compiled with the first key (see `takeKeymapProblem()`).
    /// - Throws: `InputError` when udev or the seat are unusable, or when devices exist but none may
    ///   be opened (the message names the `input` group and the seat manager).
    public init(configuration: InputConfiguration = InputConfiguration(),
                opener: any DeviceOpener = DirectDeviceOpener()) throws(InputError) {
        translator = InputEventTranslator(mapper: configuration.mapper, keymap: configuration.keymap)
        seat = try LibinputSeat(seatName: configuration.seat, devicePaths: configuration.devicePaths, opener: opener)
    }

    /// Readable when libinput has events; non-blocking.
    public var fileDescriptor: Int32 { seat.fileDescriptor }

    /// The display size, calibration and rotation touches are mapped through. Change it when the
    /// mode or the configured rotation changes; touches already down keep their ids.
    public var mapper: CoordinateMapper {
        get { translator.mapper }
        set { translator.mapper = newValue }
    }

    /// The devices on the seat now.
    public var devices: [InputDeviceInfo] { translator.devices.values.sorted { $0.systemName < $1.systemName } }

    public var hasHardwareKeyboard: Bool { translator.textKeyboardCount > 0 }

    /// Devices that could not be opened (path and reason), newest last, for diagnostics.
    public var openFailures: [String] { seat.openFailures.map { "\($0.path): \($0.problem)" } }

    /// Whether the key with this evdev code is held, for the runtime's key repeat.
    public func isKeyDown(evdevKeycode code: UInt32) -> Bool { translator.keyboard?.isDown(evdevKeycode: code) ?? false }

    /// Why the configured keymap could not be compiled when the first key came, and what keys do
    /// instead (read with the US layout, or ignored), once; nil when it compiled or no key came yet.
    public func takeKeymapProblem() -> String? { translator.takeKeymapProblem() }

    /// Drains everything libinput has queued, translated and with touch motion coalesced: only the
    /// newest `moved` of each touch survives between its other phases.
    public func readEvents() -> [InputEvent] {
        seat.dispatch()
        var events: [InputEvent] = []
        sawUserActivity = false
        while let event = seat.nextEvent() {
            guard let raw = event.raw else { continue }
            if raw.isUserActivity { sawUserActivity = true }
            events += translator.translate(raw)
        }
        return MotionCoalescer.coalesce(events)
    }

    /// True when the last `readEvents()` drained something a person did (a key, modifiers and
    /// dead keys included, a touch, a pointer), whether or not it became an `InputEvent`: a
    /// press of Shift wakes a blanked screen too.
    public private(set) var sawUserActivity = false

    /// Releases the devices (the session lost the VT); touches and keys in progress are forgotten.
    public func suspend() {
        seat.suspend()
        translator.keyboard?.reset()
    }

    /// Reopens the devices after `suspend()`.
    public func resume() -> Bool { seat.resume() }
}

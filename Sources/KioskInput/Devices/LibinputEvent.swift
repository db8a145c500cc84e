import CInput
import KioskGraphics

/// Owns one event taken from libinput's queue and reads it into a `RawInput`.
final class LibinputEvent {
    private let event: OpaquePointer

    init(_ event: OpaquePointer) { self.event = event }

    isolated deinit { libinput_event_destroy(event) }

    /// nil for events the kiosk does not use (gestures, scroll, switches, pads, frames).
    var raw: RawInput? {
        let device = Int(bitPattern: UnsafeRawPointer(libinput_event_get_device(event)))
        switch libinput_event_get_type(event) {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            return .deviceAdded(Self.info(for: libinput_event_get_device(event)))
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            return .deviceRemoved(id: device)
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            let touch = libinput_event_get_touch_event(event)
            let slot = Int(libinput_event_touch_get_seat_slot(touch))
            let position = Point(x: libinput_event_touch_get_x_transformed(touch, 1),
                                 y: libinput_event_touch_get_y_transformed(touch, 1))
            let time = Self.seconds(libinput_event_touch_get_time_usec(touch))
            return libinput_event_get_type(event) == LIBINPUT_EVENT_TOUCH_DOWN
                ? .touchDown(device: device, slot: slot, position: position, time: time)
                : .touchMotion(device: device, slot: slot, position: position, time: time)
        case LIBINPUT_EVENT_TOUCH_UP:
            let touch = libinput_event_get_touch_event(event)
            return .touchUp(device: device, slot: Int(libinput_event_touch_get_seat_slot(touch)),
                            time: Self.seconds(libinput_event_touch_get_time_usec(touch)))
        case LIBINPUT_EVENT_TOUCH_CANCEL:
            let touch = libinput_event_get_touch_event(event)
            return .touchCancel(device: device, slot: Int(libinput_event_touch_get_seat_slot(touch)),
                                time: Self.seconds(libinput_event_touch_get_time_usec(touch)))
        case LIBINPUT_EVENT_POINTER_MOTION:
            let pointer = libinput_event_get_pointer_event(event)
            return .pointerMotion(dx: libinput_event_pointer_get_dx(pointer), dy: libinput_event_pointer_get_dy(pointer),
                                  time: Self.seconds(libinput_event_pointer_get_time_usec(pointer)))
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            let pointer = libinput_event_get_pointer_event(event)
            let position = Point(x: libinput_event_pointer_get_absolute_x_transformed(pointer, 1),
                                 y: libinput_event_pointer_get_absolute_y_transformed(pointer, 1))
            return .pointerAbsolute(position: position, time: Self.seconds(libinput_event_pointer_get_time_usec(pointer)))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            let pointer = libinput_event_get_pointer_event(event)
            return .pointerButton(isPrimary: libinput_event_pointer_get_button(pointer) == UInt32(BTN_LEFT),
                                  isDown: libinput_event_pointer_get_button_state(pointer) == LIBINPUT_BUTTON_STATE_PRESSED,
                                  time: Self.seconds(libinput_event_pointer_get_time_usec(pointer)))
        case LIBINPUT_EVENT_TABLET_TOOL_TIP:
            let tool = libinput_event_get_tablet_tool_event(event)
            return .tabletTip(position: Self.position(of: tool),
                              isDown: libinput_event_tablet_tool_get_tip_state(tool) == LIBINPUT_TABLET_TOOL_TIP_DOWN,
                              time: Self.seconds(libinput_event_tablet_tool_get_time_usec(tool)))
        case LIBINPUT_EVENT_TABLET_TOOL_AXIS:
            let tool = libinput_event_get_tablet_tool_event(event)
            return .tabletMotion(position: Self.position(of: tool),
                                 time: Self.seconds(libinput_event_tablet_tool_get_time_usec(tool)))
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            let keyboard = libinput_event_get_keyboard_event(event)
            return .key(code: libinput_event_keyboard_get_key(keyboard),
                        isDown: libinput_event_keyboard_get_key_state(keyboard) == LIBINPUT_KEY_STATE_PRESSED,
                        time: Self.seconds(libinput_event_keyboard_get_time_usec(keyboard)))
        default:
            return nil
        }
    }

    private static func seconds(_ microseconds: UInt64) -> Double { Double(microseconds) / 1_000_000 }

    private static func position(of tool: OpaquePointer?) -> Point {
        Point(x: libinput_event_tablet_tool_get_x_transformed(tool, 1),
              y: libinput_event_tablet_tool_get_y_transformed(tool, 1))
    }

    private static func info(for device: OpaquePointer?) -> InputDeviceInfo {
        var capabilities = Set<InputDeviceCapability>()
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0 { capabilities.insert(.touch) }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_POINTER) != 0 { capabilities.insert(.pointer) }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_KEYBOARD) != 0 { capabilities.insert(.keyboard) }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TABLET_TOOL) != 0 { capabilities.insert(.tablet) }
        // Power buttons, lid switches and media keys register as keyboards; typing needs letters.
        let canType = capabilities.contains(.keyboard)
            && libinput_device_keyboard_has_key(device, UInt32(KEY_A)) == 1
            && libinput_device_keyboard_has_key(device, UInt32(KEY_ENTER)) == 1
        return InputDeviceInfo(id: Int(bitPattern: UnsafeRawPointer(device)),
                               name: String(cString: libinput_device_get_name(device)),
                               systemName: String(cString: libinput_device_get_sysname(device)),
                               capabilities: capabilities, isTextKeyboard: canType)
    }
}

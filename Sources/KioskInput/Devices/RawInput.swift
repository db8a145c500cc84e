import KioskGraphics

/// One libinput event reduced to plain values, so the translation to UI events is testable without
/// devices. Absolute positions are normalised to 0…1 of the device's range; times are seconds.
nonisolated enum RawInput: Equatable {
    case deviceAdded(InputDeviceInfo)
    case deviceRemoved(id: Int)
    case touchDown(device: Int, slot: Int, position: Point, time: Double)
    case touchMotion(device: Int, slot: Int, position: Point, time: Double)
    case touchUp(device: Int, slot: Int, time: Double)
    case touchCancel(device: Int, slot: Int, time: Double)
    /// Relative motion in display pixels (already accelerated by libinput).
    case pointerMotion(dx: Double, dy: Double, time: Double)
    case pointerAbsolute(position: Point, time: Double)
    case pointerButton(isPrimary: Bool, isDown: Bool, time: Double)
    case tabletTip(position: Point, isDown: Bool, time: Double)
    case tabletMotion(position: Point, time: Double)
    case key(code: UInt32, isDown: Bool, time: Double)

    var time: Double? {
        switch self {
        case .deviceAdded, .deviceRemoved: nil
        case .touchDown(_, _, _, let time), .touchMotion(_, _, _, let time), .touchUp(_, _, let time),
             .touchCancel(_, _, let time), .pointerMotion(_, _, let time), .pointerAbsolute(_, let time),
             .pointerButton(_, _, let time), .tabletTip(_, _, let time), .tabletMotion(_, let time),
             .key(_, _, let time):
            time
        }
    }
}

extension RawInput {
    /// Everything but devices coming and going is someone using the kiosk.
    var isUserActivity: Bool {
        switch self {
        case .deviceAdded, .deviceRemoved: false
        default: true
        }
    }
}

import KioskGraphics
import KioskPlatform

/// Each viewer's pointer as a finger of its own: the first button going down starts a touch,
/// motion while it is held moves the touch, release ends it, and a viewer that leaves with the
/// button held cancels it. Motion with no button is hover, which a touchscreen has not.
struct RemotePointer {
    /// Touch ids of viewers start here, away from the mouse's and libinput's slots.
    static let firstTouchID = 10_000
    /// The viewers whose button is down.
    private var held: [Int: Point] = [:]

    /// The touch `location` (in points) and `buttons` (RFB's mask, bit 0 the first button) make, if any.
    mutating func move(viewer: Int, to location: Point, buttons: Int, at time: Double) -> TouchSample? {
        let isDown = buttons & 1 != 0
        let wasDown = held[viewer] != nil
        let phase: TouchPhase
        switch (wasDown, isDown) {
        case (false, false): return nil
        case (false, true): phase = .began
        case (true, true):
            guard held[viewer] != location else { return nil }
            phase = .moved
        case (true, false): phase = .ended
        }
        held[viewer] = isDown ? location : nil
        return TouchSample(id: Self.firstTouchID + viewer, phase: phase, location: location, timestamp: time)
    }

    /// The viewer went away: its touch, if one was down, is cancelled.
    mutating func viewerLeft(_ viewer: Int, at time: Double) -> TouchSample? {
        guard let location = held.removeValue(forKey: viewer) else { return nil }
        return TouchSample(id: Self.firstTouchID + viewer, phase: .cancelled, location: location, timestamp: time)
    }
}

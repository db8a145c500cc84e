import KioskPlatform

/// What a `SeatMonitor` tells the runtime whose devices come from the seat.
protocol SeatMonitorDelegate: AnyObject {
    /// The seat is the kiosk's for the first time (at start, or when its VT first comes to the
    /// front): open the devices.
    func seatMonitorDidActivate(_ monitor: SeatMonitor) throws
    /// Another session takes the seat (a switch to another VT): stop touching the devices. The
    /// monitor hands them over once this returns.
    func seatMonitorWillSwitchAway(_ monitor: SeatMonitor)
    /// The seat is back after a switch: use the devices again.
    func seatMonitorDidSwitchBack(_ monitor: SeatMonitor)
    /// The seat connection failed, or the devices could not be opened: the runtime stops.
    func seatMonitor(_ monitor: SeatMonitor, didFailWith error: any Error)
}

/// The seat the card and the input devices come from (`SeatSession`: seatd or logind, else a
/// direct open), watched on the loop. It tells the first activation, which opens the devices,
/// from a return after a VT switch, which resumes them; and it hands the devices over only after
/// the runtime stopped using them.
final class SeatMonitor {
    weak var delegate: SeatMonitorDelegate?
    /// Nil until `open` succeeded.
    private(set) var session: SeatSession?
    /// True once the devices were opened: later enables are returns from a VT switch.
    private(set) var hasActivated = false
    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    /// The seat is the kiosk's now (always with direct access).
    var isActive: Bool { session?.isActive == true }

    /// Opens the seat, watches it on `loop` and logs how devices are opened; activates at once when
    /// the seat is active. Otherwise (started while another VT is in front) the activation comes
    /// when the kiosk's VT is shown.
    func open(preference: SeatSession.Preference, on loop: EventLoop) throws {
        let session = try SeatSession(preference: preference,
                                      onEnable: { [unowned self] in self.seatEnabled() },
                                      onDisable: { [unowned self] in self.seatDisabled() }, logger: logger)
        self.session = session
        if let descriptor = session.descriptor {
            try loop.addReadable(fileDescriptor: descriptor) { [unowned self] in
                do { try session.handleReadable() } catch { self.delegate?.seatMonitor(self, didFailWith: error) }
            }
        }
        switch session.access {
        case .seat(let name): logger.info("devices through the seat \(name)")
        case .direct: logger.info("devices opened directly (no seat manager)")
        }
        if session.isActive { try activate() }
    }

    private func activate() throws {
        guard !hasActivated else { return }
        hasActivated = true
        try delegate?.seatMonitorDidActivate(self)
    }

    private func seatDisabled() {
        delegate?.seatMonitorWillSwitchAway(self)
        session?.acknowledgeDisable()
    }

    private func seatEnabled() {
        // During SeatSession's init: `open` activates once the session is stored.
        guard session != nil else { return }
        guard hasActivated else {
            do { try activate() } catch { delegate?.seatMonitor(self, didFailWith: error) }
            return
        }
        delegate?.seatMonitorDidSwitchBack(self)
    }
}

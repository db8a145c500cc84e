/// What the `wake` and `sleep` actions and the control socket's `wake`, `sleep` and `idle` act on:
/// the kiosk's idle behaviour. The panel host holds it weakly; a host without one (a bare host
/// in a test) logs those actions instead.
public protocol ScreenControl: AnyObject {
    /// Wakes a dim or black screen and restarts the idle time.
    func wake()
    /// Blanks the screen now.
    func sleep()
    /// The idle state and the next change the clock will bring.
    var report: IdleReport { get }
}

extension IdleBehaviour: ScreenControl {}

extension IdleReport {
    /// The reply to `idle`: `{"state":"awake","next":"dim","in":12.5}`; `next` and `in` are null
    /// when nothing is due.
    public var json: JSONValue {
        .object([
            "state": .string(state.name),
            "next": next.map { .string($0.state.name) } ?? .null,
            "in": next.map { .number(($0.seconds * 1000).rounded() / 1000) } ?? .null,
        ])
    }
}

extension ControlEvent {
    /// `{"event":"idle","state":"dim"}`, at every idle transition.
    public static func idle(_ state: IdleState) -> ControlEvent {
        ControlEvent(name: "idle", fields: ["state": .string(state.name)])
    }
}

extension ControlEndpoint {
    /// Subscribers hear every idle transition: `{"event":"idle","state":"dim"}`.
    public func reportTransitions(of idle: IdleBehaviour) {
        let server = self.server
        idle.addStateObserver { state in server.broadcast(event: .idle(state)) }
    }
}

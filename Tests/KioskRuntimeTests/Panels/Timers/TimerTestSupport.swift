import KioskConfig
import KioskPlatform
@testable import KioskRuntime

/// What the timer tests ask of a headless kiosk: its virtual clock, and the events its actions emitted.
extension PanelSessionFixture {
    var loop: VirtualLoop { session.driver.loop as! VirtualLoop }

    /// Lets `seconds` of virtual time pass: frames are made and timers fire as they fall due.
    func wait(_ seconds: Double) throws {
        try session.advance(by: seconds)
    }

    /// Lets virtual time pass up to `time` on the loop's clock.
    func wait(until time: Double) throws {
        try session.advance(by: time - loop.now)
    }

    func emitted(_ name: String) -> Int {
        host.emittedEvents.filter { $0.name == name }.count
    }

    /// Runs actions as a widget's event would, and returns the time they ran at.
    @discardableResult
    func run(_ actions: [ActionSpec], eventValue: PropertyValue? = nil) -> Double {
        host.run(actions, eventValue: eventValue)
        return loop.now
    }
}

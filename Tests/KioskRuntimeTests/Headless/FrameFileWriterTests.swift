import Foundation
import KioskGraphics
import KioskPlatform
import Testing
@testable import KioskRuntime

/// The PNG a headless `kiosk run` keeps of its screen, on the virtual clock.
@Suite struct FrameFileWriterTests {
    @Test func theFrameAfterATransitionIsWrittenOnceItIsOver() throws {
        let kiosk = try PanelSessionFixture(PanelKioskTests.config)
        let session = kiosk.session
        let path = kiosk.directory + "/frame.png"
        let writer = FrameFileWriter(display: session.display, path: path, logger: .discarding)
        session.host.goto("other")
        try session.advance(by: 2)
        // Nothing of the writer's is left armed once the picture is written: only `display.idle` waits.
        #expect(!session.display.isBusy)
        #expect(session.idle.nextDeadline != nil)
        #expect((session.driver.loop as? VirtualLoop)?.armedTimerCount == 1)
        let written = try Surface(contentsOfPNG: path)
        #expect(written.difference(from: try session.snapshot()).isEmpty, "the file shows the panel the transition ended on")
        withExtendedLifetime(writer) {}
    }
}

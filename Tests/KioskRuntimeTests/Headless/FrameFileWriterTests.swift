import Foundation
import KioskGraphics
import KioskPlatform
import Testing
@testable import KioskRuntime

/// The PNG a headless `kiosk run` keeps of its screen, on the virtual clock.
@Suite struct FrameFileWriterTests {
    static let config = """
    start: home
    display: {size: [400, 300]}
    panels:
      home:
        children:
          - {type: label, text: Welcome}
      other:
        children:
          - {type: label, text: Other}
    """

    @Test func theFrameAfterATransitionIsWrittenOnceItIsOver() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let session = kiosk.session
        let path = kiosk.directory + "/frame.png"
        let writer = FrameFileWriter(display: session.display, path: path, logger: .discarding)
        session.host.goto("other")
        try session.advance(by: 2)
        // Nothing is left armed once the picture is written: an idle kiosk sleeps.
        #expect(!session.display.isBusy)
        #expect((session.driver.loop as? VirtualLoop)?.armedTimerCount == 0)
        let written = try Surface(contentsOfPNG: path)
        #expect(written.difference(from: try session.snapshot()).isEmpty, "the file shows the panel the transition ended on")
        withExtendedLifetime(writer) {}
    }
}

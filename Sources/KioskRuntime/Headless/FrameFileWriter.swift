import KioskGraphics
import KioskPlatform

/// Keeps a PNG of a headless display's picture up to date, as `kiosk run --backend headless` does:
/// after a change, the frame is written once nothing more is coming. Waiting for a presented frame
/// with nothing pending is not enough: the last frame of a transition often finds nothing new to
/// show and presents nothing, so the check runs again a refresh after each frame instead, and
/// stops once the picture is written (an idle kiosk arms no timer).
public final class FrameFileWriter {
    public let path: String
    private let display: HeadlessDisplay
    private let logger: Logger
    private var check: TimerID?

    public init(display: HeadlessDisplay, path: String, logger: Logger) {
        self.display = display
        self.path = path
        self.logger = logger
        display.addPresentationObserver { [weak self] _ in self?.frameWasShown() }
    }

    /// Writes the picture now.
    public func write() throws {
        try display.snapshot().writePNG(replacing: path)
    }

    private func frameWasShown() {
        if let check { display.loop.cancelTimer(check) }
        check = nil
        writeWhenQuiet()
    }

    private func writeWhenQuiet() {
        guard display.isBusy else {
            do { try write() } catch { logger.error("frame not written to \(path): \(error)") }
            return
        }
        do {
            check = try display.loop.addTimer(at: display.loop.now + display.refreshInterval) { [weak self] in
                self?.check = nil
                self?.writeWhenQuiet()
            }
        } catch {
            logger.error("frame not written to \(path): \(error)")
        }
    }
}

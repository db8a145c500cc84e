import KioskGraphics
import KioskPlatform
import KioskUI

/// `display.idle.antiburn`: when the screen blanks, every pixel is driven through plain colours
/// for a while before it goes dark, so a picture shown for hours leaves no ghost (openHASP's
/// antiburn does the same with noise). It colours the idle overlay, which covers the screen.
final class ColourCycle {
    /// Full red, green and blue exercise each subpixel; white and black the extremes.
    static let colours: [Color] = [
        Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0), Color(red: 0, green: 0, blue: 1), .white, .black,
    ]
    /// Seconds each colour stays: a full-screen repaint each time, slow enough to be cheap.
    static let interval = 0.5

    private let view: View
    private let scheduler: any Scheduler
    private let end: Double
    private let finished: () -> Void
    private var timer: TimerID?
    /// Colours shown so far.
    private(set) var shown = 0

    /// Starts at once; calls `finished` after `duration` seconds with the view black again.
    init(view: View, duration: Double, scheduler: any Scheduler, finished: @escaping () -> Void) {
        self.view = view
        self.scheduler = scheduler
        self.finished = finished
        end = scheduler.now + duration
        next()
    }

    isolated deinit {
        if let timer { scheduler.cancelTimer(timer) }
    }

    /// Stops the cycle (the screen woke): the view is black again and `finished` is not called.
    func cancel() {
        if let timer { scheduler.cancelTimer(timer) }
        timer = nil
        view.backgroundColor = .black
    }

    private func next() {
        timer = nil
        guard scheduler.now < end else {
            view.backgroundColor = .black
            finished()
            return
        }
        view.backgroundColor = Self.colours[shown % Self.colours.count]
        shown += 1
        timer = try? scheduler.addTimer(after: min(Self.interval, end - scheduler.now)) { [weak self] in self?.next() }
        if timer == nil {
            view.backgroundColor = .black
            finished()
        }
    }
}

import KioskConfig
import KioskGraphics
import KioskPlatform

/// `display.antiburn`: every `every` seconds the whole picture moves one pixel along an
/// `AntiburnPath`, as a move of the scanout copy (the compositor copies its shadow buffer to the
/// new place; no view repaints). Touches are mapped back by the same offset, so a finger lands on
/// the widget drawn under it.
///
/// One timer on the kiosk's scheduler, armed only when antiburn is on.
public final class AntiburnShift {
    /// Where the picture is now, in device pixels.
    public private(set) var offset = PixelOffset.zero
    /// Moves made since the start.
    public private(set) var step = 0
    private var spec: AntiburnSpec?
    private let scheduler: any Scheduler
    /// Moves the picture on the display (the compositor's `movePicture(to:)`).
    private let move: (PixelOffset) -> Void
    private var timer: TimerID?
    /// Told when the timer cannot be armed.
    var log: ((String) -> Void)?

    init(spec: AntiburnSpec?, scheduler: any Scheduler, move: @escaping (PixelOffset) -> Void) {
        self.spec = spec
        self.scheduler = scheduler
        self.move = move
        arm()
    }

    isolated deinit {
        if let timer { scheduler.cancelTimer(timer) }
    }

    /// A reload's `display.antiburn`. The path continues where it is; turned off, the picture
    /// returns to its place.
    func update(_ newSpec: AntiburnSpec?) {
        guard newSpec != spec else { return }
        spec = newSpec
        if newSpec == nil {
            step = 0
            apply(.zero)
        } else if let newSpec {
            apply(AntiburnPath(shift: newSpec.shift).offset(atStep: step))
        }
        arm()
    }

    /// Disarms the timer: the kiosk stops or its screen is replaced.
    func stop() {
        if let timer { scheduler.cancelTimer(timer) }
        timer = nil
        spec = nil
    }

    /// A touch as the views see it: where the finger is on the picture, which sits `offset`
    /// pixels from its place (`scale` pixels to a point).
    func pictureLocation(of event: InputEvent, scale: Double) -> InputEvent {
        guard offset != .zero, case .touch(var sample) = event else { return event }
        sample.location = Point(x: sample.location.x - Double(offset.x) / scale, y: sample.location.y - Double(offset.y) / scale)
        return .touch(sample)
    }

    private func arm() {
        if let timer { scheduler.cancelTimer(timer) }
        timer = nil
        guard let spec else { return }
        do {
            timer = try scheduler.addTimer(after: spec.every) { [weak self] in
                guard let self else { return }
                timer = nil
                advance()
            }
        } catch {
            log?("antiburn: the timer could not be armed (\(error)); the picture stays where it is")
        }
    }

    private func advance() {
        guard let spec else { return }
        let path = AntiburnPath(shift: spec.shift)
        step = (step + 1) % path.period
        apply(path.offset(atStep: step))
        arm()
    }

    private func apply(_ newOffset: PixelOffset) {
        guard newOffset != offset else { return }
        offset = newOffset
        move(newOffset)
    }
}

import Foundation
import KioskCompositor
import KioskGraphics
import KioskRuntime
import KioskTestSupport
import KioskUI
import Testing

/// A partial repaint through the two-buffer swapchain must give exactly the pixels of a full one.
struct PartialRepaintTests {
    @Test func randomChangesRepaintExactlyWhatAFullFrameWould() throws {
        var random = SeededRandom(seed: 42)
        let dashboard = ReferenceDashboard()
        let display = HeadlessDisplay(size: ReferenceDashboard.size, rootView: dashboard.root)
        try display.renderUntilIdle()
        var extras: [View] = []
        let palette: [Color] = [.systemBlue, .systemRed, .systemGreen, Color(.tertiarySystemBackground), Color(hex: 0x334155, alpha: 0.6)]
        var partialPixels = 0, fullPixels = 0

        for step in 0..<240 {
            let views = dashboard.root.subtree.dropFirst()   // never the root itself
            let target = views.randomElement(using: &random)!
            let change = Int.random(in: 0..<10, using: &random)
            let what = "\(type(of: target)) \(target.id ?? "") \(target.frame) alpha \(target.alpha)"
            switch change {
            case 0:
                target.frame = target.frame.offsetBy(dx: Double.random(in: -30...30, using: &random).rounded(),
                                                     dy: Double.random(in: -30...30, using: &random).rounded())
            case 1:
                target.frame.size = Size(width: max(4, target.frame.width + Double.random(in: -20...20, using: &random)),
                                         height: max(4, target.frame.height + Double.random(in: -20...20, using: &random)))
            case 2:
                target.backgroundColor = palette.randomElement(using: &random)
            case 3:
                target.isHidden.toggle()
            case 4:
                target.alpha = [0, 0.35, 0.8, 1].randomElement(using: &random)!
            case 5:
                // Mostly small steps, the ring's partial damage; sometimes long sweeps.
                let current = dashboard.ring.value
                dashboard.ring.value = Bool.random(using: &random)
                    ? Double.random(in: 0...1, using: &random)
                    : current + Double(Int.random(in: -3...3, using: &random)) / 100
            case 6:
                let labels = views.compactMap { $0 as? Label }
                labels.randomElement(using: &random)?.text = ["Ready", "Stopped", "42 units", "Maintenance at 14:00", ""]
                    .randomElement(using: &random)!
            case 7:
                let extra = View(frame: Rect(x: Double.random(in: 0...1200, using: &random).rounded(),
                                             y: Double.random(in: 0...760, using: &random).rounded(), width: 60, height: 40))
                extra.backgroundColor = palette.randomElement(using: &random)
                extra.cornerRadius = [0, 8].randomElement(using: &random)!
                if Bool.random(using: &random) { extra.shadow = ViewShadow(opacity: 0.3, offset: Size(width: 0, height: 3), radius: 6) }
                (views.randomElement(using: &random) ?? dashboard.root).addSubview(extra)
                extras.append(extra)
            case 8:
                if let gone = extras.popLast() { gone.removeFromSuperview() } else { target.isHidden.toggle() }
            default:
                target.transform = Bool.random(using: &random) ? .identity : AffineTransform(scale: 0.95)
            }
            try display.advance(by: display.refreshInterval)
            partialPixels += display.compositor.lastPaintedPixels
            fullPixels += display.screen.pixelBounds.area
            let partial = try #require(display.output.frontSurface)
            let full = display.compositor.renderFullFrame()
            let comparison = partial.difference(from: full)
            #expect(comparison.differingPixels == 0, "step \(step), change \(change) on \(what) -> \(target.frame): \(comparison.differingPixels) pixels differ, damage \(display.compositor.lastDamage)")
            if comparison.differingPixels > 0 {
                try partial.writePNG(to: "/tmp/kiosk-partial-\(step).png")
                try full.writePNG(to: "/tmp/kiosk-full-\(step).png")
                break
            }
        }
        // Partial repaints really are partial.
        #expect(partialPixels < fullPixels / 4)
    }

    /// A component that draws past its bounds without declaring the overhang: no damage ever
    /// reaches those pixels, so they are cut in every frame, partial and full alike, instead of
    /// showing what an earlier frame left there.
    @Test func drawingPastTheDeclaredBoundsIsCutInEveryFrame() throws {
        final class Spilling: View {
            var colour = RGBA(hex: 0x007AFF) { didSet { setNeedsDisplay() } }
            override func draw(_ rect: Rect, in canvas: Canvas) {
                canvas.fill(Rect(x: -20, y: 0, width: bounds.width + 40, height: bounds.height + 30), color: colour)
            }
        }
        let root = View()
        root.backgroundColor = .white
        let spilling = Spilling(frame: Rect(x: 40, y: 40, width: 100, height: 20))
        root.addSubview(spilling)
        let display = HeadlessDisplay(size: Size(width: 200, height: 120), rootView: root)
        try display.renderUntilIdle()
        let changes: [() -> Void] = [{ spilling.colour = RGBA(hex: 0xFF3B30) }, { spilling.frame.origin.y = 50 },
                                     { spilling.colour = RGBA(hex: 0x34C759) }, { display.screen.damageEverything() }]
        for (step, change) in changes.enumerated() {
            change()
            try display.renderUntilIdle()
            let partial = try #require(display.output.frontSurface)
            let difference = partial.difference(from: display.compositor.renderFullFrame())
            #expect(difference.isEmpty, "step \(step): \(difference.differingPixels) pixels differ in \(difference.differingBounds)")
            // Below and beside the view: the background.
            let frame = spilling.frame
            #expect(partial.pixel(x: Int(frame.midX), y: Int(frame.maxY) + 5) == 0xFFFF_FFFF, "step \(step)")
            #expect(partial.pixel(x: Int(frame.minX) - 10, y: Int(frame.midY)) == 0xFFFF_FFFF, "step \(step)")
        }
    }
}

/// The same property through bindings: state changes, a person's drags and `set`s re-evaluate bound
/// texts, colours, visibility and values, and every frame must equal a full repaint.
@MainActor
struct BindingRepaintTests {
    static let config = """
        state:
          level: 0.4
          note: Ready
          alarm: false
        panels:
          home:
            root:
              type: stack
              alignment: leading
              spacing: 6
              children:
                - {type: label, id: note, text: "${upper(state.note)} at ${round(state.level * 100)} %", size: [260, 24]}
                - type: progress
                  id: ring
                  value: "= state.level"
                  color: "= state.level > 0.7 ? 'system_red' : 'system_green'"
                  size: [90, 90]
                - {type: marked_slider, id: hours, value: "= round(state.level * 8)", min: 0, max: 8, size: [300, 44]}
                - {type: label, id: hours_label, text: "${hours.value} h · ${ring.value}", size: [260, 24]}
                - type: card
                  id: warning
                  title: Alarm
                  hidden: "= not state.alarm"
                  background: "= state.alarm ? 'system_orange' : 'system_gray5'"
                  size: [200, 60]
        """

    @Test func randomBindingDrivenChangesRepaintExactlyWhatAFullFrameWould() throws {
        var random = SeededRandom(seed: 7)
        let directory = NSTemporaryDirectory() + "binding-repaint-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/kiosk.yaml"
        try Self.config.write(toFile: path, atomically: true, encoding: .utf8)
        let session = try HeadlessPanelSession.load(path: path, size: Size(width: 420, height: 360))
        try session.renderUntilIdle()
        let control = PanelControlHandler(host: session.host, registry: session.host.reconciler.adapters.registry, configPath: path,
                                          runtimeDirectory: directory) { Surface(width: 1, height: 1, format: .xrgb8888) }
        let display = session.display
        var frames = 0
        for step in 0..<120 {
            let change = Int.random(in: 0..<6, using: &random)
            let reply: ControlReply
            switch change {
            case 0: reply = control.handle(.state(name: "level", value: .number(Double(Int.random(in: 0...20, using: &random)) / 20)))
            case 1: reply = control.handle(.state(name: "note", value: .string(["Ready", "Busy", "Low battery", ""].randomElement(using: &random)!)))
            case 2: reply = control.handle(.state(name: "alarm", value: .bool(Bool.random(using: &random))))
            case 3: reply = control.handle(.set(widget: "hours", property: "value", value: .number(Double(Int.random(in: 0...8, using: &random)))))
            case 4: reply = control.handle(.set(widget: "note", property: "text", value: .string("Set by hand")))
            default:
                let slider = try #require(display.screen.view(withID: "hours"))
                let box = session.driver.frameOnScreen(of: slider)
                let x = box.minX + Double.random(in: 0...box.width, using: &random)
                try session.driver.drag(from: box.center, to: Point(x: x, y: box.midY), duration: 0.1)
                reply = .ok
            }
            #expect(reply == .ok, "step \(step): \(reply)")
            frames += try display.renderUntilIdle()
            let partial = try #require(display.output.frontSurface)
            let full = display.compositor.renderFullFrame()
            let comparison = partial.difference(from: full)
            #expect(comparison.differingPixels == 0,
                    "step \(step), change \(change): \(comparison.differingPixels) pixels differ, damage \(display.compositor.lastDamage)")
            if comparison.differingPixels > 0 { break }
        }
        #expect(frames > 60, "the changes were shown")
    }
}

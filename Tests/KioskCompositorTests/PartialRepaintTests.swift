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
}

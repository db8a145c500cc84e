import Foundation
import KioskConfig
import KioskGraphics
import KioskPlatform
import KioskRuntime

/// Panel transitions composed from layers (each panel painted once into a layer, each frame a
/// copy or a blend of the two), against a memcpy of the whole frame, at 1280×800 and 1920×1080.
/// Each row is one frame as the frame loop makes it: damage, composition and present.
@MainActor
func addTransitionRows(to table: inout Table) throws {
    for size in [Size(width: 1280, height: 800), Size(width: 1920, height: 1080)] {
        let label = "\(Int(size.width))x\(Int(size.height))"
        let session = try transitionBenchSession(size: size)
        let host = session.host, display = session.display
        try session.renderUntilIdle()

        host.transitionDuration = 2
        var forward = true
        let slide = try measure {
            if !host.isAnimating {
                host.goto(forward ? "energy" : "home", transition: .slide)
                forward.toggle()
            }
            try display.advance(by: display.refreshInterval)
        }
        if ProcessInfo.processInfo.environment["KIOSK_BENCH_DEBUG"] != nil {
            let views = ["home", "energy"].compactMap { display.screen.view(withID: "kiosk.panel." + $0) }
            print("layer paints", views.map { display.compositor.layerPaintCount(of: $0) },
                  "painted px", display.compositor.lastPaintedPixels, "views", display.compositor.lastViewsPainted)
        }
        host.finishTransition()
        try session.renderUntilIdle()

        // A fade this long changes the alpha, and so the whole screen, every frame.
        host.transitionDuration = 1_000
        host.goto(host.currentPanelID == "home" ? "energy" : "home", transition: .fade)
        try display.advance(by: display.refreshInterval)
        let fade = try measure { try display.advance(by: display.refreshInterval) }
        host.finishTransition()
        try session.renderUntilIdle()

        // From home a swipe left shows energy: the finger moves two pixels back and forth mid-way.
        host.goto("home", transition: .none)
        try session.renderUntilIdle()
        let finger = session.driver.touchDown(at: Point(x: size.width * 0.9, y: size.height / 2))
        var step = 0
        let swipe = try measure {
            step += 1
            session.driver.touchMove(finger, to: Point(x: size.width * 0.6 - Double(step % 2) * 2, y: size.height / 2))
            try display.advance(by: display.refreshInterval)
        }
        // The composition alone (what replaces painting every view), without present.
        let full = Region(display.screen.pixelBounds)
        let compose = measure { display.compositor.paint(full) }
        let viewByView = measure { _ = display.compositor.renderFullFrameWithoutLayers() }
        session.driver.touchUp(finger, at: Point(x: size.width * 0.6, y: size.height / 2))
        try session.renderUntilIdle()

        let copy = memcpyOfOneFrame(bytes: display.compositor.shadowBuffer.stride * display.compositor.shadowBuffer.height)
        let floor = percentile(copy, 0.5)
        func ratio(_ samples: [Double]) -> String { String(format: "%.2fx memcpy", percentile(samples, 0.5) / floor) }

        table.add("slide frame from layers, \(label) (damage + compose + present)", slide)
        table.add("  slide / memcpy", median: ratio(slide), p90: "")
        table.add("fade frame from layers, \(label)", fade)
        table.add("  fade / memcpy", median: ratio(fade), p90: "")
        table.add("swipe frame from layers, \(label) (finger move to present)", swipe)
        table.add("  swipe / memcpy", median: ratio(swipe), p90: "")
        table.add("  of which composing the layers alone (no present)", compose)
        table.add("  compose / memcpy", median: ratio(compose), p90: "")
        table.add("the same screen painted view by view, \(label)", viewByView)
        table.add("memcpy of one full frame, \(label)", copy)
    }
}

@MainActor
private func transitionBenchSession(size: Size) throws -> HeadlessPanelSession {
    let cards = (0..<6).map { index in
        "            - {type: card, title: \"Card \(index)\", subtitle: \"0.\(index + 2) kWh\"}\n"
            + "            - {type: progress, value: 0.\(index + 2), size: [64, 64]}"
    }.joined(separator: "\n")
    let yaml = """
        swipe_order: [home, energy]
        overlay:
          children:
            - type: stack
              axis: horizontal
              padding: {horizontal: 12, vertical: 6}
              background: secondary_system_background
              children:
                - {type: label, text: "= panel", font: headline}
                - {type: spacer}
                - {type: label, text: "12:30"}
            - {type: spacer}
        panels:
          home:
            root:
              type: grid
              columns: 3
              spacing: 16
              padding: {top: 64, horizontal: 24}
              children:
        \(cards)
          energy:
            root:
              type: stack
              padding: {top: 64, horizontal: 24}
              background: system_indigo
              children:
                - {type: label, text: Energy, font: title, color: white}
                - {type: slider, value: 0.4}
                - {type: spacer}
        """
    return try benchSession(yaml: yaml, named: "transition", size: size)
}

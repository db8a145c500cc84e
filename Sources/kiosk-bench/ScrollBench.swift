import Foundation
import KioskConfig
import KioskGraphics
import KioskRuntime
import KioskUI

/// A full-screen `scroll` of cards and text, moved 33 px a frame (a fling at 2,000 points a second,
/// 60 Hz) at 1280×800 and 1920×1080: one frame as the frame loop makes it (damage, moving the
/// pixels, painting the strip that scrolled in, present), against the same frame painted view by
/// view, and against a memcpy of the whole screen.
@MainActor
func addScrollRows(to table: inout Table) throws {
    for size in [Size(width: 1280, height: 800), Size(width: 1920, height: 1080)] {
        let label = "\(Int(size.width))x\(Int(size.height))"
        let session = try scrollBenchSession(size: size)
        try session.renderUntilIdle()
        guard let scroll = session.display.screen.view(withID: "feed") as? ScrollView else {
            throw BenchSetupError(description: "the scroll benchmark built no scroll view")
        }
        let compositor = session.display.compositor
        func frames() throws -> [Double] {
            var direction = 1.0
            return try measure {
                let next = scroll.contentOffset + 33 * direction
                if next > scroll.maximumOffset || next < 0 { direction = -direction }
                scroll.contentOffset += 33 * direction
                try session.renderUntilIdle()
            }
        }
        let byCopy = try frames()
        let copied = compositor.lastScrollCopies, painted = compositor.lastPaintedPixels
        compositor.scrollsByCopy = false
        let repainted = try frames()
        compositor.scrollsByCopy = true

        let copy = memcpyOfOneFrame(bytes: compositor.shadowBuffer.stride * compositor.shadowBuffer.height)
        let floor = percentile(copy, 0.5)
        func ratio(_ samples: [Double]) -> String { String(format: "%.2fx memcpy", percentile(samples, 0.5) / floor) }

        table.add("scroll frame, 33 px, \(label) (pixels moved, strip painted, present)", byCopy)
        table.add("  scroll / memcpy", median: ratio(byCopy), p90: copied == 1 ? "\(painted) px painted" : "NOT COPIED")
        table.add("the same frame painted view by view, \(label)", repainted)
        table.add("  repainted / memcpy", median: ratio(repainted), p90: "")
        table.add("memcpy of one full frame, \(label)", copy)
    }
}

@MainActor
private func scrollBenchSession(size: Size) throws -> HeadlessPanelSession {
    let cards = (0..<40).map { index in
        "            - {type: card, title: \"Shift report \(index)\", subtitle: \"Line \(index % 3 + 1) · 1,2\(index) units\", "
            + "size: [\(Int(size.width) - 48), 120]}\n"
            + "            - {type: label, text: \"Notes for shift \(index): checked, cleaned and handed over\", color: secondary_label}"
    }.joined(separator: "\n")
    let yaml = """
        panels:
          home:
            root:
              type: scroll
              id: feed
              children:
                - type: stack
                  spacing: 12
                  padding: 24
                  children:
        \(cards)
        """
    return try benchSession(yaml: yaml, named: "scroll", size: size)
}

import Foundation
import KioskGraphics
import KioskRuntime
import KioskUI

/// The reference dashboard's full frame and ring update on screens from 800x480 to 3840x2160,
/// with the cost per repainted pixel: a full frame grows with the screen, the ring update must not.
func printScalingTable() throws {
    let sizes = [Size(width: 800, height: 480), Size(width: 1280, height: 800),
                 Size(width: 1920, height: 1080), Size(width: 3840, height: 2160)]
    var rows: [[String]] = []
    for size in sizes {
        let dashboard = ReferenceDashboard()
        let display = HeadlessDisplay(size: size, rootView: dashboard.root)
        try display.renderUntilIdle()
        let compositor = display.compositor
        let full = Region(display.screen.pixelBounds)
        let fullSamples = measure { compositor.paint(full) }
        let fullPixels = compositor.lastPaintedPixels
        var high = false
        var ringPixels: [Int] = []
        let ringSamples = try measure {
            high.toggle()
            dashboard.ring.value = high ? 0.43 : 0.42
            try display.advance(by: display.refreshInterval)
            ringPixels.append(compositor.lastPaintedPixels)
        }
        ringPixels.sort()
        let fullMedian = percentile(fullSamples, 0.5), ringMedian = percentile(ringSamples, 0.5)
        let ringMedianPixels = ringPixels[ringPixels.count / 2]
        func nanosecondsPerPixel(_ milliseconds: Double, _ pixels: Int) -> String {
            pixels > 0 ? String(format: "%.2f", milliseconds * 1e6 / Double(pixels)) : "-"
        }
        rows.append(["\(Int(size.width))x\(Int(size.height))",
                     String(format: "%.4f", fullMedian), "\(fullPixels)", nanosecondsPerPixel(fullMedian, fullPixels),
                     String(format: "%.4f", ringMedian), "\(ringMedianPixels)", nanosecondsPerPixel(ringMedian, ringMedianPixels)])
    }
    print("\nkiosk-bench: scaling, the reference dashboard on larger screens (medians, \(iterations) iterations)")
    let header = ["screen", "full frame ms", "full px", "ns/px", "ring update ms", "ring px", "ns/px"]
    let widths = header.indices.map { column in max(header[column].count, rows.map { $0[column].count }.max() ?? 0) + 2 }
    func line(_ cells: [String]) -> String {
        zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined()
    }
    print(line(header))
    for row in rows { print(line(row)) }
}

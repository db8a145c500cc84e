import CDRM
import Testing
@testable import KioskDRM

struct DisplayModeRequestTests {
    @Test func readsSizeAlone() throws {
        let request = try DisplayModeRequest(parsing: "1280x800")
        #expect(request == DisplayModeRequest(width: 1280, height: 800, refreshRate: nil))
        #expect(request.description == "1280x800")
    }

    @Test func readsSizeAndRefresh() throws {
        let request = try DisplayModeRequest(parsing: "1280x800@60")
        #expect(request == DisplayModeRequest(width: 1280, height: 800, refreshRate: 60))
        #expect(request.description == "1280x800@60")
    }

    @Test func toleratesSpacesCapitalXAndHzSuffix() throws {
        #expect(try DisplayModeRequest(parsing: " 1920X1080 @ 60Hz ") == DisplayModeRequest(width: 1920, height: 1080, refreshRate: 60))
    }

    @Test(arguments: ["", "1280", "1280x", "x800", "0x800", "1280x-800", "1280x800@", "1280x800@sixty",
                      "1280x800@60@60", "1280x800x2", "big"])
    func rejectsMalformedText(_ text: String) {
        #expect(throws: DRMError.malformedModeRequest(text)) { try DisplayModeRequest(parsing: text) }
    }

    private let offered = [
        DisplayMode(width: 1280, height: 800, refreshRate: 74.99, isPreferred: true),
        DisplayMode(width: 1920, height: 1080, refreshRate: 50),
        DisplayMode(width: 1920, height: 1080, refreshRate: 60),
        DisplayMode(width: 1280, height: 800, refreshRate: 59.81),
    ]

    @Test func withoutRequestThePreferredModeWins() {
        #expect(offered.chosen(for: nil) == offered[0])
    }

    @Test func withoutPreferredModeTheFirstWins() {
        #expect(Array(offered.dropFirst()).chosen(for: nil) == offered[1])
    }

    @Test func sizeOnlyRequestPrefersThePreferredThenTheFastest() throws {
        #expect(offered.chosen(for: try DisplayModeRequest(parsing: "1280x800")) == offered[0])
        #expect(offered.chosen(for: try DisplayModeRequest(parsing: "1920x1080")) == offered[2])
    }

    @Test func refreshIsMatchedAfterRounding() throws {
        #expect(offered.chosen(for: try DisplayModeRequest(parsing: "1280x800@60")) == offered[3])
        #expect(offered.chosen(for: try DisplayModeRequest(parsing: "1920x1080@50")) == offered[1])
        #expect(offered.chosen(for: try DisplayModeRequest(parsing: "1920x1080@75")) == nil)
    }

    @Test func modeDescribesItselfInRequestForm() throws {
        let mode = DisplayMode(width: 1280, height: 800, refreshRate: 59.81)
        #expect(mode.description == "1280x800@60")
        #expect(try DisplayModeRequest(parsing: mode.description).matches(mode))
        #expect(abs(mode.refreshInterval - 1 / 59.81) < 1e-12)
    }

    @Test func refreshRateComesFromTheTimingsNotTheRoundedField() {
        // CVT 1280x800 at 60: 83.5 MHz over 1680 x 831 pixels is 59.81 Hz; the kernel rounds it to 60.
        var info = drmModeModeInfo()
        info.clock = 83_500
        info.hdisplay = 1280
        info.vdisplay = 800
        info.htotal = 1680
        info.vtotal = 831
        info.vrefresh = 60
        info.type = UInt32(DRM_MODE_TYPE_PREFERRED)
        let mode = KernelMode(info).mode
        #expect(abs(mode.refreshRate - 59.81) < 0.01)
        #expect(mode.isPreferred)
        #expect(mode.width == 1280 && mode.height == 800)

        info.flags = UInt32(DRM_MODE_FLAG_INTERLACE)
        #expect(abs(KernelMode(info).mode.refreshRate - 119.62) < 0.02)
    }
}

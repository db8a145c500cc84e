import KioskConfig
import KioskExpression
import KioskGraphics
import KioskRuntime
import KioskUI
import Testing

/// A chart series with `history` reads its formula every `every` on the kiosk's clock (virtual
/// here), keeps what `keep` spans, and scrolls its plot for each reading.
@MainActor
struct ChartHistoryTests {
    static let config = """
        state:
          temp: 20
        panels:
          home:
            root:
              type: stack
              children:
                - type: chart
                  id: temps
                  min: 0
                  max: 100
                  series: [{type: area, history: {of: "= state.temp", keep: 1min, every: 10s}}]
                  size: [300, 200]
        """

    func chart(_ kiosk: PanelSessionFixture) throws -> ChartView {
        try #require(kiosk.screen.view(withID: "temps") as? ChartView)
    }

    @Test func readingsAreTakenEveryPeriodAndTheOldestLeaveTheWindow() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let chart = try chart(kiosk)
        #expect(chart.series.first?.kind == .area)
        #expect(chart.series.first?.values == [20], "a reading when the chart is made")
        // The window spans what `keep` keeps: a reading every 10 s for a minute, both ends included.
        #expect(chart.window == 7)
        try kiosk.setState("temp", .number(21))
        try kiosk.session.advance(by: 10)
        try kiosk.setState("temp", .number(22))
        try kiosk.session.advance(by: 10)
        #expect(chart.series.first?.values == [20, 21, 22])

        // Nothing changes between readings.
        try kiosk.setState("temp", .number(30))
        try kiosk.session.advance(by: 5)
        #expect(chart.series.first?.values == [20, 21, 22])

        // After many periods, what is older than a minute has gone (but for the few held left of
        // the window, which the plot scrolls out of sight).
        for reading in 0..<40 {
            try kiosk.setState("temp", .number(Double(reading)))
            try kiosk.session.advance(by: 10)
        }
        let values = try #require(chart.series.first?.values)
        #expect(values.count == 7 + ChartHistory.spare)
        #expect(Array(values.suffix(7)) == [33, 34, 35, 36, 37, 38, 39])
    }

    @Test func aReadingDamagesThePlotOnlyAndScrollsIt() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let chart = try chart(kiosk)
        for reading in 0..<12 {
            try kiosk.setState("temp", .number(Double(reading * 7 % 100)))
            try kiosk.session.advance(by: 10)
        }
        try kiosk.setState("temp", .number(55))
        let compositor = kiosk.session.display.compositor
        let before = compositor.renderFullFrame()
        try kiosk.session.advance(by: 10)
        #expect(chart.lastPlotUpdate.hasPrefix("scrolled"), "\(chart.lastPlotUpdate)")
        let plot = chart.plotRect
        let onScreen = kiosk.session.driver.frameOnScreen(of: chart)
        let plotOnScreen = PixelRect(x: Int(onScreen.minX + plot.minX), y: Int(onScreen.minY + plot.minY),
                                     width: Int(plot.width.rounded(.up)), height: Int(plot.height.rounded(.up)))
        try kiosk.expectDamageConfined(to: [plotOnScreen], since: before)
    }

    @Test func aFormulaThatFailsIsLoggedOnceAndKeepsNoValue() throws {
        let kiosk = try PanelSessionFixture("""
            state:
              temp: 21
            panels:
              home:
                root:
                  type: chart
                  id: temps
                  series: [{history: {of: "= 1 / (state.temp - 20)", keep: 1min, every: 10s}}]
            """)
        try kiosk.setState("temp", .number(20))
        for _ in 0..<3 { try kiosk.session.advance(by: 10) }
        #expect(try chart(kiosk).series.first?.values == [1], "failed readings keep nothing")
        #expect(kiosk.logged.filter { $0.contains("history of series 1") && $0.contains("division by zero") }.count == 1,
                "\(kiosk.logged)")
        try kiosk.setState("temp", .number(22))
        try kiosk.session.advance(by: 10)
        #expect(try chart(kiosk).series.first?.values == [1, 0.5])
    }

    @Test func aReloadThatDropsTheChartStopsItsTimer() throws {
        let kiosk = try PanelSessionFixture(Self.config)
        let armed = kiosk.host.scheduler.armedTimerCount
        try kiosk.edit("""
            state:
              temp: 20
            panels:
              home:
                root: {type: label, text: Gone}
            """)
        #expect(kiosk.host.scheduler.armedTimerCount == armed - 1)
    }
}

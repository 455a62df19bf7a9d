import Foundation
import HabitCore
import Testing

/// Golden heatmaps at fixed dates (Tests/HabitCoreTests/Snapshots), in ASCII
/// and Unicode at widths 40, 80 and 200.
@Suite struct HeatmapSnapshotTests {
    typealias H = HeatmapFixture

    private func year2026() throws -> HeatmapGrid {
        try #require(HeatmapGrid.year(2026, history: H.daily, today: H.today))
    }

    @Test(arguments: [40, 80, 200])
    func yearASCII(_ width: Int) throws {
        let text = HeatmapRenderer().render(try year2026(), width: width)
        Snapshot.expect(text, named: "heatmap-ascii-\(width)")
    }

    @Test(arguments: [40, 80, 200])
    func yearUnicode(_ width: Int) throws {
        let renderer = HeatmapRenderer(style: CalendarStyle(symbols: .unicode))
        Snapshot.expect(
            renderer.render(try year2026(), width: width), named: "heatmap-unicode-\(width)")
    }

    @Test func twelveMonthsInColour() {
        let grid = HeatmapGrid.twelveMonths(endingWith: H.today, history: H.daily, today: H.today)
        let renderer = HeatmapRenderer(style: CalendarStyle(symbols: .unicode, useColor: true))
        Snapshot.expect(renderer.render(grid, width: 80), named: "heatmap-color")
    }
}

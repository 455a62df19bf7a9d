import Foundation
import HabitCore

/// The text and JSON of `habits heatmap` (and `show --heatmap`).
///
/// JSON: `{"habit": Habit, "from", "to", "days": [{"date", "state",
/// "value": number|null}]}`, one day per date from `from` through `to`, with
/// the state the calendar shows (a weekly, monthly or every-N-days habit's
/// planned days carry their period's state, from `HabitHistory`).
struct HeatmapView: Sendable {
    var habit: Habit
    var grid: HeatmapGrid
    var style: OutputStyle

    func render() -> String {
        let title = style.palette.bold("#\(habit.id) \(HabitText.name(habit.name))")
        let renderer = HeatmapRenderer(
            style: CalendarStyle(symbols: style.unicode ? .unicode : .ascii, useColor: style.color))
        return title + "\n\n" + renderer.render(grid, width: style.width)
    }

    func document() -> Document {
        Document(
            habit: habit, from: grid.from, to: grid.to,
            days: grid.days.map { Document.Day(date: $0.date, state: $0.state, value: $0.value) })
    }

    struct Document: Encodable {
        struct Day: Encodable {
            var date: LocalDate
            var state: PeriodState
            var value: Decimal?

            enum CodingKeys: String, CodingKey { case date, state, value }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(date, forKey: .date)
                try container.encode(state, forKey: .state)
                // `null` when nothing is logged, rather than a missing key.
                try container.encode(value, forKey: .value)
            }
        }

        var habit: Habit
        var from: LocalDate
        var to: LocalDate
        var days: [Day]
    }
}

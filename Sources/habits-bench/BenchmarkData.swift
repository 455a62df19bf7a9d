import Foundation
import HabitCore

/// Fifteen habits with ten years of daily history, generated from a seed.
struct BenchmarkData {
    var today: LocalDate
    var habits: [(habit: Habit, entries: [ProgressEntry])]

    var entryCount: Int { habits.reduce(0) { $0 + $1.entries.count } }

    /// Daily and weekly habits with decimal targets, mid-week start dates,
    /// missed days, skipped days and entries on rest days.
    static func generate(seed: UInt64, today: LocalDate, years: Int) -> BenchmarkData {
        var random = SplitMix64(seed: seed)
        let firstStart = today.adding(days: -(years * 365 + years / 4))
        // Name, frequency, unit, action days, target and the step a person
        // logs in (both in tenths: 0.1 km, 5 minutes, 50 metres).
        let plans: [(String, Frequency, String, ActionDays, target: Int, step: Int)] = [
            ("Meditate", .daily, "times", .everyDay, 10, 10),
            ("Drink water", .daily, "glasses", .everyDay, 80, 10),
            ("Run", .daily, "km", ActionDays([.monday, .wednesday, .friday]), 25, 1),
            ("Read", .daily, "pages", .weekdays, 200, 10),
            ("Stretch", .daily, "minutes", .everyDay, 150, 50),
            ("Walk", .weekly, "km", .everyDay, 8, 1),
            ("Swim", .weekly, "metres", ActionDays([.tuesday, .thursday]), 20_000, 500),
            ("Practise piano", .daily, "minutes", .weekdays, 300, 50),
            ("Cook at home", .weekly, "meals", .everyDay, 50, 10),
            ("Journal", .daily, "times", .everyDay, 10, 10),
            ("Cycle", .weekly, "km", .weekends, 600, 1),
            ("Eat vegetables", .daily, "portions", .everyDay, 25, 5),
            (
                "Study Spanish", .daily, "minutes", ActionDays([.monday, .tuesday, .thursday]), 200,
                50
            ),
            ("Climb", .weekly, "sessions", ActionDays([.wednesday, .saturday]), 20, 10),
            ("Sleep early", .daily, "times", .weekdays, 10, 10),
        ]
        var habits: [(habit: Habit, entries: [ProgressEntry])] = []
        for (index, plan) in plans.enumerated() {
            let (name, frequency, unit, actionDays, targetTenths, step) = plan
            let start = firstStart.adding(days: index * 3)  // spread over weekdays
            let habit = Habit(
                id: Int64(index + 1), name: name, frequency: frequency, measurementType: unit,
                startDate: start, actionDays: actionDays, targetValue: tenths(targetTenths))
            let perDay =
                frequency == .daily ? targetTenths : max(1, targetTenths / actionDays.count)
            let diligence = 55 + Int(random.next() % 40)  // percent of days with an entry
            var entries: [ProgressEntry] = []
            var date = start.adding(days: -2)  // a couple of entries before the start
            while date <= today {
                let roll = Int(random.next() % 100)
                if roll < 4 {
                    entries.append(ProgressEntry(date: date, value: 0, skipped: true))
                } else if roll < diligence || !actionDays.contains(date.weekday) && roll < 8 {
                    var amount = perDay / 2 + Int(random.next() % UInt64(perDay + 1))
                    amount = max(step, amount / step * step)
                    entries.append(ProgressEntry(date: date, value: tenths(amount)))
                }
                date = date.adding(days: 1)
            }
            habits.append((habit, entries))
        }
        return BenchmarkData(today: today, habits: habits)
    }

    private static func tenths(_ count: Int) -> Decimal {
        Decimal(sign: .plus, exponent: -1, significand: Decimal(count))
    }
}

import Foundation
import HabitCore
import Testing

/// The days an overview reads and its completion: one rule for the server's
/// list, local mode, the replica and the offline list cache.
@Suite struct OverviewWindowTests {
    typealias F = HistoryFixture

    @Test func theWindowIsTheDatesISOWeekAndTheStreaksAreAsOfTheEarlierDay() {
        // Thursday 2026-12-03; today the Tuesday before.
        let window = OverviewWindow(date: F.day("2026-12-03"), today: F.day("2026-12-01"))
        #expect(window.week == F.day("2026-11-30")...F.day("2026-12-06"))
        #expect(window.from == F.day("2026-11-30"))
        #expect(window.through == F.day("2026-12-06"))
        #expect(window.asOf == F.day("2026-12-01"))
        #expect(
            OverviewWindow(date: F.day("2026-12-01"), today: F.day("2026-12-03")).asOf
                == F.day("2026-12-01"))
    }

    @Test func recentDaysBeforeTheWeekWidenTheReadNotTheWeek() {
        let window = OverviewWindow(
            date: F.day("2026-12-03"), today: F.day("2026-12-03"),
            entriesFrom: F.day("2026-11-20"))
        #expect(window.from == F.day("2026-11-20"))
        #expect(window.week.lowerBound == F.day("2026-11-30"))
        // A day inside the week reads no more than the week.
        let inside = OverviewWindow(
            date: F.day("2026-12-03"), today: F.day("2026-12-03"),
            entriesFrom: F.day("2026-12-02"))
        #expect(inside.from == F.day("2026-11-30"))
    }

    @Test func theLastWeekThereIsEndsOnTheLastDate() {
        // 9999-12-31 is a Friday: its week's Sunday does not exist.
        let window = OverviewWindow(date: LocalDate.latest, today: LocalDate.latest)
        #expect(window.week.upperBound == LocalDate.latest)
        #expect(window.week.lowerBound == F.day("9999-12-27"))
        #expect(window.through == LocalDate.latest)
    }

    @Test func theCompletionCountsOnlyTheWeeksEntries() {
        let habit = F.habit(.weekly, start: "2026-11-01", target: "3")
        let window = OverviewWindow(date: F.day("2026-12-03"), today: F.day("2026-12-03"))
        // Entries of the week before and after must not count.
        let entries = [
            F.done("2026-11-29", "5"), F.done("2026-11-30", "1"), F.done("2026-12-02", "1"),
            F.done("2026-12-07", "4"),
        ]
        let completion = window.completion(of: habit, entries: entries)
        #expect(completion.current == 2)
        #expect(completion.target == 3)
        #expect(
            completion
                == F.history(habit, [F.done("2026-11-30", "1"), F.done("2026-12-02", "1")])
                .completion(on: window.date, today: window.today))
    }

    /// A daily habit's day decides its completion alone: the window's
    /// answer is the whole history's on each day of the week, whatever the
    /// other days hold (done, skipped, missed, nothing, a rest day).
    @Test func aDailyCompletionIsTheWholeHistorysOnEveryDay() {
        let habit = F.habit(
            .daily, start: "2026-11-25",
            days: ActionDays([.monday, .tuesday, .wednesday, .friday]),
            target: "2")
        let entries = [
            F.done("2026-11-30", "2"), F.done("2026-12-01", "1"), F.skipped("2026-12-02"),
            F.done("2026-12-03", "5"), F.done("2026-12-05", "0.5"),
        ]
        let whole = F.history(habit, entries)
        for day in 0..<7 {
            let date = F.day("2026-11-30").adding(days: day)
            let window = OverviewWindow(date: date, today: F.day("2026-12-04"))
            #expect(
                window.completion(of: habit, entries: entries)
                    == whole.completion(on: date, today: window.today), "\(date)")
        }
    }

    @Test func aWiderStreakWindowGoesFourTimesAsFarBackDownToTheStart() {
        let habit = F.habit(.daily, start: "2026-01-01")
        let asOf = F.day("2026-12-03")
        let first = StreakWindow.first(of: [habit], asOf: asOf, earliest: F.day("2026-11-30"))
        #expect(first == StreakWindow.start(of: habit, asOf: asOf, days: StreakWindow.initialDays))
        let wider = StreakWindow.widened(
            from: first, days: StreakWindow.initialDays, open: [habit], asOf: asOf)
        #expect(wider.days == StreakWindow.initialDays * 4)
        #expect(wider.from == asOf.adding(days: -wider.days).startOfISOWeek)
        let widest = StreakWindow.widened(
            from: wider.from, days: wider.days, open: [habit], asOf: asOf)
        #expect(widest.from == habit.startDate)
    }

    /// A month or a block of N days is read whole, though it begins before
    /// the week or ends after it; daily and weekly habits read the week.
    @Test func longerPeriodsWidenTheRead() {
        let window = OverviewWindow(date: F.day("2026-12-03"), today: F.day("2026-12-03"))
        var monthly = F.habit(.monthly, start: "2026-06-01", target: "4")
        var blocks = F.habit(.everyNDays, start: "2026-11-25", target: "2")
        blocks.periodDays = 10
        let daily = F.habit(.daily, start: "2026-06-01")
        #expect(window.period(of: monthly) == F.day("2026-12-01")...F.day("2026-12-31"))
        #expect(window.period(of: blocks) == F.day("2026-11-25")...F.day("2026-12-04"))
        #expect(window.period(of: daily) == F.day("2026-12-03")...F.day("2026-12-03"))
        #expect(window.from(for: [daily]) == window.from)
        #expect(window.through(for: [daily]) == window.through)
        #expect(window.from(for: [daily, monthly, blocks]) == F.day("2026-11-25"))
        #expect(window.through(for: [daily, monthly, blocks]) == F.day("2026-12-31"))
        let entries = [
            F.done("2026-11-24", "9"), F.done("2026-11-25", "1"), F.done("2026-12-01", "1"),
            F.done("2026-12-03", "1"), F.done("2026-12-05", "9"), F.done("2026-12-31", "1"),
        ]
        #expect(window.completion(of: blocks, entries: entries).current == 3)
        #expect(window.completion(of: blocks, entries: entries).state == .success)
        #expect(window.completion(of: monthly, entries: entries).current == 12)
        monthly.goal = .atMost
        #expect(window.completion(of: monthly, entries: entries).state == .failed)
        #expect(window.completion(of: daily, entries: entries).current == 1)
    }
}

import Foundation
import HabitCore
import HabitFiles

/// The last habit list fetched from a server, kept so `list` and `remind` can
/// answer while the server is unreachable.
///
/// One JSON file in $XDG_CACHE_HOME/habits (0600, written atomically): the
/// server's URL, when it was fetched, the day it was for and the user's today
/// then, which habits it lists (active only, or all), each habit with its
/// streak, and the entries of that day's ISO week, so progress for any day of
/// that week can be worked out again. It answers only what it holds: another
/// week, archived habits it did not list, or a streak for another day than
/// the one fetched are refused or left blank, never guessed. A cache from
/// another server is ignored; signing out deletes it.
struct HabitListCache: Sendable {
    struct Snapshot: Codable, Hashable, Sendable {
        struct Item: Codable, Hashable, Sendable {
            var habit: Habit
            var completion: CompletionData
            var currentStreak: Int?
            var strength: Double? = nil
            /// The entries of the habit's period holding the fetched day
            /// (its day, ISO week, month or block of N days; `week_entries`
            /// on disk, the name from when every period was at most a week).
            var weekEntries: [ProgressEntry]

            enum CodingKeys: String, CodingKey {
                case habit, completion, strength
                case currentStreak = "current_streak"
                case weekEntries = "week_entries"
            }
        }

        var server: String
        var fetchedAt: Date
        var date: LocalDate
        /// The user's date when it was fetched: the streaks are as of then.
        var today: LocalDate?
        /// Which habits the list held; a cache without it held the active ones.
        var status: String?
        var items: [Item]

        enum CodingKeys: String, CodingKey {
            case server, date, today, status, items
            case fetchedAt = "fetched_at"
        }

        /// Whether the listed habits include every one `filter` asks for.
        func covers(_ filter: HabitStatusFilter) -> Bool {
            let held = status.flatMap(HabitStatusFilter.init(rawValue:)) ?? .active
            return held == .all || held == filter
        }
    }

    let path: String

    /// The cached snapshot for `server`, or `nil` when there is none usable.
    func load(server: String) -> Snapshot? {
        guard let data = try? AtomicFile.read(path) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let snapshot = try? decoder.decode(Snapshot.self, from: data),
            snapshot.server == server
        else { return nil }
        return snapshot
    }

    /// Replaces the cache; a failure to write only loses the cache.
    func save(_ snapshot: Snapshot) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        guard let data = try? encoder.encode(snapshot) else { return }
        try? AtomicFile.write(data, to: path)
    }

    /// Deletes the cache (on sign-out).
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Why the cache cannot answer for a request.
    enum Gap: Error, Hashable, Sendable {
        /// The cache holds another week than the one asked for.
        case otherWeek(cached: LocalDate)
        /// A habit's period holding the day asked for (a month or block of
        /// N days) is not the one cached, though the week is.
        case otherPeriod(cached: LocalDate, habit: String)
        /// The cache lists only active habits.
        case archivedHabits
    }

    /// The snapshot as an overview for `date` and `status`, progress worked
    /// out again from the cached week with today's date. The streak is shown
    /// only for the day it was fetched for and while today is still the day
    /// it was fetched on; otherwise it is unknown (`nil`).
    static func overview(
        from snapshot: Snapshot, status: HabitStatusFilter, on date: LocalDate, today: LocalDate
    ) throws(Gap) -> HabitOverview {
        guard date.startOfISOWeek == snapshot.date.startOfISOWeek else {
            throw .otherWeek(cached: snapshot.date)
        }
        guard snapshot.covers(status) else { throw .archivedHabits }
        let streakKnown = date == snapshot.date && snapshot.today == today
        // The completion by the rule every list uses, from the cached
        // periods: only when each habit's period holding `date` is the one
        // cached (a day of the same week can lie in another month).
        let window = OverviewWindow(date: date, today: today)
        let cached = OverviewWindow(date: snapshot.date, today: today)
        for item in snapshot.items where item.habit.frequency != .daily {
            guard window.period(of: item.habit) == cached.period(of: item.habit) else {
                throw .otherPeriod(cached: snapshot.date, habit: item.habit.name)
            }
        }
        let items = snapshot.items.filter { status.includes($0.habit.status) }.map { item in
            HabitOverview.Item(
                habit: item.habit,
                completion: window.completion(of: item.habit, entries: item.weekEntries),
                currentStreak: streakKnown ? item.currentStreak : nil,
                strength: streakKnown ? item.strength : nil)
        }
        return HabitOverview(date: date, items: items, cachedAt: snapshot.fetchedAt)
    }
}

import Foundation
import HabitCore
import HabitStore

/// The last habit list fetched from a server, kept so `list` and `remind` can
/// answer while the server is unreachable.
///
/// One JSON file in $XDG_CACHE_HOME/habits (0600, written atomically): the
/// server's URL, when it was fetched, the day it was for, each habit with its
/// progress and streak, and the entries of that day's ISO week, so progress
/// for another day of the week can be worked out again. A cache from another
/// server is ignored; signing out deletes it.
struct HabitListCache: Sendable {
    struct Snapshot: Codable, Hashable, Sendable {
        struct Item: Codable, Hashable, Sendable {
            var habit: Habit
            var completion: CompletionData
            var currentStreak: Int
            /// The entries of the fetched day's ISO week.
            var weekEntries: [ProgressEntry]

            enum CodingKeys: String, CodingKey {
                case habit, completion
                case currentStreak = "current_streak"
                case weekEntries = "week_entries"
            }
        }

        var server: String
        var fetchedAt: Date
        var date: LocalDate
        var items: [Item]

        enum CodingKeys: String, CodingKey {
            case server, date, items
            case fetchedAt = "fetched_at"
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

    /// The snapshot as an overview for `date` and `status`: progress worked
    /// out again from the cached week when `date` is another day.
    static func overview(
        from snapshot: Snapshot, status: HabitStatusFilter, on date: LocalDate, today: LocalDate
    ) -> HabitOverview {
        let items = snapshot.items.filter { item in
            switch status {
            case .all: return true
            case .active: return item.habit.status == .active
            case .archived: return item.habit.status == .archived
            }
        }.map { item in
            let completion =
                date == snapshot.date
                ? item.completion
                : HabitHistory(habit: item.habit, entries: item.weekEntries).completion(
                    on: date, today: today)
            return HabitOverview.Item(
                habit: item.habit, completion: completion, currentStreak: item.currentStreak)
        }
        return HabitOverview(date: date, items: items, cachedAt: snapshot.fetchedAt)
    }
}

import Foundation
import HabitConcurrency
import HabitCore
import Testing

@testable import HabitStorage
@testable import HabitStore

/// Writers on several threads (on PostgreSQL, through two stores, as two
/// server processes would be) while a reader follows the feed: the reader
/// never misses a change, and ends with exactly the stored state.
@Suite struct ChangeFeedConcurrencyTests {
    /// What a reader of the feed holds: each day's entry with its version.
    struct Replica {
        var entries: [LocalDate: Versioned<ProgressEntry>] = [:]
        var cursor: FeedCursor?
        var problems: [String] = []
        var reads = 0

        /// Reads one page; whether more follow.
        mutating func pull(_ store: any TestStore, owner: Int64, habitID: Int64) throws -> Bool {
            let answer = try store.changes(
                owner: owner, since: cursor, limit: 7, now: referenceTime)
            reads += 1
            guard case .page(let page) = answer else {
                problems.append("the cursor \(cursor?.text ?? "-") expired")
                return false
            }
            for change in page.changes {
                if let cursor, change.number <= cursor.position {
                    problems.append("change \(change.number) came after cursor \(cursor.position)")
                }
                switch change {
                case .entry(let id, let entry, let version) where id == habitID:
                    if let known = entries[entry.date], known.version >= version {
                        problems.append(
                            "\(entry.date) went from version \(known.version) to \(version)")
                    }
                    entries[entry.date] = Versioned(entry, version: version)
                case .entryDeleted(let id, let date, _) where id == habitID:
                    entries[date] = nil
                default:
                    break
                }
            }
            cursor = page.cursor
            return page.more
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aReaderFollowingTheFeedMissesNothingWhileSeveralWritersWrite(kind: StoreKind) throws {
        let database = try kind.open()
        let second = try database.another()
        defer { second.close() }
        let first = database.store
        let stores: [any TestStore] = [first, second]
        let owner = try database.store.makeUser("ann@example.com").id
        let habit = try database.store.createHabit(fields(), owner: owner, now: referenceTime)
        let shared = date("2026-01-01")
        let writers = 4
        let rounds = 40
        let done = Locked(0)
        let reader = Locked(Replica())

        let results = runConcurrently(writers + 1) { index -> String? in
            guard index < writers else {
                // The reader polls until every writer is done.
                do {
                    var replica = Replica()
                    while done.withLock({ $0 }) < writers {
                        _ = try replica.pull(first, owner: owner, habitID: habit.id)
                    }
                    while try replica.pull(first, owner: owner, habitID: habit.id) {}
                    reader.withLock { $0 = replica }
                    return nil
                } catch {
                    return "reader: \(error)"
                }
            }
            defer { done.withLock { $0 += 1 } }
            let store = stores[index % stores.count]
            do {
                for round in 0..<rounds {
                    // One increment of the shared day, one day of its own
                    // written once, and every fifth round one deleted.
                    _ = try store.incrementProgress(
                        habitID: habit.id, owner: owner, date: shared, amount: 1)
                    let own = shared.adding(days: 1 + index * rounds + round)
                    _ = try store.setProgress(
                        ProgressEntry(date: own, value: Decimal(round + 1)), habitID: habit.id,
                        owner: owner)
                    if round % 5 == 4 {
                        _ = try store.deleteProgress(
                            habitID: habit.id, owner: owner, date: own.adding(days: -2))
                    }
                }
                return nil
            } catch {
                return "writer \(index): \(error)"
            }
        }
        #expect(results.compactMap { $0 }.isEmpty, "\(results)")

        let replica = reader.withLock { $0 }
        #expect(replica.problems.isEmpty, "\(replica.problems)")
        #expect(replica.reads > 1)
        // Every increment seen adds up.
        #expect(replica.entries[shared]?.value.value == Decimal(writers * rounds))
        // The replica is the stored state, versions included.
        let stored = try #require(try database.store.allProgress(habitID: habit.id, owner: owner))
        let versions = try database.store.entryVersions(
            habitID: habit.id, owner: owner, from: .earliest, to: .latest)
        #expect(replica.entries.count == stored.count)
        let expected = Dictionary(
            uniqueKeysWithValues: stored.map {
                ($0.date, Versioned($0, version: versions[$0.date] ?? -1))
            })
        #expect(replica.entries == expected)
    }
}

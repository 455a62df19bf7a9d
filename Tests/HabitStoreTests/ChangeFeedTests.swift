import Foundation
import HabitConcurrency
import HabitCore
import Testing

@testable import HabitStorage
@testable import HabitStore

/// The change feed on both stores: order, content, tombstones, expiry,
/// versions and conditional writes.
@Suite struct ChangeFeedTests {
    /// Every change of the owner after `since`, all pages, and the last cursor.
    static func readAll(
        _ store: any TestStore, owner: Int64, since: FeedCursor? = nil, limit: Int = 1000,
        now: Date = referenceTime
    ) throws -> (changes: [Change], cursor: FeedCursor, pages: Int) {
        var cursor = since
        var changes: [Change] = []
        var pages = 0
        while true {
            let answer = try store.changes(owner: owner, since: cursor, limit: limit, now: now)
            guard case .page(let page) = answer else {
                Issue.record("the feed expired a cursor it gave")
                throw StoreError.unavailable(reason: "expired")
            }
            pages += 1
            changes += page.changes
            cursor = page.cursor
            if !page.more { return (changes, page.cursor, pages) }
        }
    }

    static func entry(_ day: String, _ value: String, skipped: Bool = false) -> ProgressEntry {
        ProgressEntry(date: date(day), value: decimal(value), skipped: skipped)
    }

    @Test(arguments: StoreKind.allCases)
    func theFeedHoldsEachChangeOnceAtItsLatestPositionInCommitOrder(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("ann@example.com").id
        let other = try store.makeUser("bob@example.com").id
        _ = try store.createHabit(fields("Theirs"), owner: other, now: referenceTime)

        let read = try store.createHabit(fields("Read"), owner: owner, now: referenceTime)
        _ = try store.setProgress(Self.entry("2026-03-01", "1"), habitID: read.id, owner: owner)
        _ = try store.setProgress(Self.entry("2026-03-02", "2"), habitID: read.id, owner: owner)
        let start = try Self.readAll(store, owner: owner)
        _ = try store.incrementProgress(
            habitID: read.id, owner: owner, date: date("2026-03-01"), amount: 2)
        _ = try store.updateHabit(
            id: read.id, owner: owner, fields: fields("Read more"), status: .active,
            now: referenceTime)
        let run = try store.createHabit(fields("Run"), owner: owner, now: referenceTime)
        #expect(
            try store.deleteProgress(habitID: read.id, owner: owner, date: date("2026-03-02"))
                == true)

        // A full read: the current state, no tombstones, the edited habit
        // before its entry, others' habits never.
        let full = try Self.readAll(store, owner: owner)
        let readNow = try #require(try store.versionedHabit(id: read.id, owner: owner))
        let runNow = try #require(try store.versionedHabit(id: run.id, owner: owner))
        #expect(readNow.value.name == "Read more")
        #expect(full.changes.count == 3)
        #expect(full.changes.first == .habit(readNow))
        guard full.changes.count == 3, case .entry(let habitID, let first, _) = full.changes[1]
        else {
            Issue.record("no entry after the habit: \(full.changes)")
            return
        }
        #expect(habitID == read.id)
        #expect(first == Self.entry("2026-03-01", "3"))
        #expect(full.changes[2] == .habit(runNow))

        // From the cursor taken after the first three writes: every row that
        // changed since, once, and the entry deletion last.
        let since = try Self.readAll(store, owner: owner, since: start.cursor)
        #expect(since.changes.count == 4)
        #expect(since.changes.first == .habit(readNow))
        #expect(since.changes.last?.habitID == read.id)
        if case .entryDeleted(_, let day, _) = since.changes.last {
            #expect(day == date("2026-03-02"))
        } else {
            Issue.record("the deletion is not last: \(since.changes)")
        }
        let numbers = since.changes.filter {
            if case .habit(let habit, _) = $0 { return habit.id != read.id }
            return true
        }.map(\.number)
        #expect(numbers == numbers.sorted())
        // Nothing new: the same cursor back, and no changes.
        let again = try store.changes(
            owner: owner, since: since.cursor, limit: 10, now: referenceTime)
        #expect(again == .page(ChangePage(changes: [], cursor: since.cursor, more: false)))
    }

    @Test(arguments: StoreKind.allCases)
    func tombstonesMarkDeletionsUntilTheRowComesBack(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("ann@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let doomed = try store.createHabit(fields("Doomed"), owner: owner, now: referenceTime)
        _ = try store.setProgress(Self.entry("2026-03-01", "1"), habitID: habit.id, owner: owner)
        _ = try store.setProgress(Self.entry("2026-03-01", "1"), habitID: doomed.id, owner: owner)
        let cursor = try Self.readAll(store, owner: owner).cursor

        _ = try store.deleteProgress(habitID: habit.id, owner: owner, date: date("2026-03-01"))
        _ = try store.deleteProgress(habitID: doomed.id, owner: owner, date: date("2026-03-01"))
        #expect(try store.deleteHabit(id: doomed.id, owner: owner))
        let deleted = try Self.readAll(store, owner: owner, since: cursor).changes
        #expect(deleted.count == 2)
        if case .entryDeleted(let id, let day, _) = deleted.first {
            #expect(id == habit.id && day == date("2026-03-01"))
        } else {
            Issue.record("no entry tombstone first: \(deleted)")
        }
        // The habit's tombstone stands for its entries' too.
        if case .habitDeleted(let id, _) = deleted.last {
            #expect(id == doomed.id)
        } else {
            Issue.record("no habit tombstone last: \(deleted)")
        }

        // The day written again: its entry, not its tombstone.
        _ = try store.setProgress(Self.entry("2026-03-01", "5"), habitID: habit.id, owner: owner)
        let back = try Self.readAll(store, owner: owner, since: cursor).changes
        #expect(back.count == 2)
        if case .entry(let id, let entry, _) = back.last {
            #expect(id == habit.id && entry == Self.entry("2026-03-01", "5"))
        } else {
            Issue.record("the entry written again is missing: \(back)")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func cursorsOfAnotherUserAheadOfTheFeedOrPastThePurgeExpire(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("ann@example.com").id
        let other = try store.makeUser("bob@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        _ = try store.setProgress(Self.entry("2026-03-01", "1"), habitID: habit.id, owner: owner)
        let old = try Self.readAll(store, owner: owner).cursor
        #expect(old.position == 2)

        func answer(_ cursor: FeedCursor?, now: Date = referenceTime) throws -> ChangeFeedAnswer {
            try store.changes(owner: owner, since: cursor, limit: 10, now: now)
        }
        #expect(try answer(FeedCursor(owner: other, position: 0)) == .expired)
        #expect(try answer(FeedCursor(owner: owner, position: 3)) == .expired)
        #expect(try answer(FeedCursor(owner: owner, position: 1, tombstonesAfter: 3)) == .expired)

        // A deletion, then 90 days and a second: its tombstone is purged, and
        // so is every cursor from before it; a full read still answers.
        let deletedAt = referenceTime.addingTimeInterval(3600)
        _ = try store.deleteProgress(
            habitID: habit.id, owner: owner, date: date("2026-03-01"), now: deletedAt,
            expecting: nil)
        let head = try Self.readAll(store, owner: owner, since: old).cursor
        let kept = deletedAt.addingTimeInterval(ChangeAssembly.tombstoneRetention)
        #expect(try store.purgeTombstones(owner: owner, now: kept) == 0)
        #expect(try answer(old, now: kept) != .expired)
        let purged = kept.addingTimeInterval(1)
        #expect(try answer(old, now: purged) == .expired)
        #expect(
            try answer(head, now: purged)
                == .page(ChangePage(changes: [], cursor: head, more: false)))
        let resync = try Self.readAll(store, owner: owner, now: purged)
        #expect(resync.changes.count == 1)
        #expect(resync.cursor == head)
        _ = other
    }

    @Test(arguments: StoreKind.allCases)
    func everyWriteChangesTheVersionAndIfMatchGuardsIt(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("ann@example.com").id
        let created = try store.createVersionedHabit(
            fields(), owner: owner, now: referenceTime, idempotency: nil)
        guard case .performed(let habit) = created else {
            Issue.record("not created")
            return
        }
        let day = date("2026-03-01")
        let put = try store.setProgress(
            Self.entry("2026-03-01", "1"), note: .replace("a"), habitID: habit.value.id,
            owner: owner, expecting: nil)
        guard case .written(let first?, nil) = put else {
            Issue.record("the first write replaced something: \(String(describing: put))")
            return
        }
        #expect(first.version > habit.version)

        // A stale version: nothing written, the stored entry answered.
        let stale = try store.setProgress(
            Self.entry("2026-03-01", "9"), note: .keep, habitID: habit.value.id, owner: owner,
            expecting: .oneOf([first.version + 100]))
        #expect(stale == .mismatch(current: first))
        #expect(
            try store.progress(habitID: habit.value.id, owner: owner, from: day, to: day)?.first?
                .value == 1)

        let incremented = try store.incrementProgress(
            habitID: habit.value.id, owner: owner, date: day, amount: 2, note: .keep,
            expecting: .oneOf([first.version]), idempotency: nil)
        guard case .performed(.written(let second?, let replaced)?) = incremented else {
            Issue.record("the increment was not made: \(incremented)")
            return
        }
        #expect(replaced == first)
        #expect(second.value.value == 3 && second.value.note == "a")
        #expect(second.version > first.version)

        // `*` wants an entry: none on another day.
        #expect(
            try store.deleteProgress(
                habitID: habit.value.id, owner: owner, date: date("2026-03-02"),
                now: referenceTime, expecting: .exists) == .mismatch(current: nil))
        let removed = try store.deleteProgress(
            habitID: habit.value.id, owner: owner, date: day, now: referenceTime,
            expecting: .exists)
        #expect(removed == .written(stored: nil, replaced: second))

        let renamed = try store.updateHabit(
            id: habit.value.id, owner: owner, fields: fields("Renamed"), status: .archived,
            now: referenceTime, expecting: .oneOf([habit.version]))
        guard case .written(let after?, let before) = renamed else {
            Issue.record("the rename was not made: \(String(describing: renamed))")
            return
        }
        #expect(before == habit)
        #expect(after.version > second.version)
        #expect(
            try store.deleteHabit(
                id: habit.value.id, owner: owner, now: referenceTime,
                expecting: .oneOf([habit.version])) == .mismatch(current: after))
        #expect(try store.versionedHabit(id: habit.value.id, owner: owner) == after)
        #expect(
            try store.deleteHabit(
                id: habit.value.id, owner: owner, now: referenceTime,
                expecting: .oneOf([after.version])) == .written(stored: nil, replaced: after))
        // Another owner's habit: not found, whatever the condition.
        #expect(
            try store.deleteHabit(
                id: habit.value.id, owner: owner, now: referenceTime, expecting: nil)
                == nil)
    }

    /// The shared writes take a change number only when they write: a
    /// refused write (not the owner's, a condition not met) or one with
    /// nothing to do leaves the owner's numbers where they were, on both
    /// stores, so the next write is numbered right after the last.
    @Test(arguments: StoreKind.allCases)
    func aWriteThatChangesNothingTakesNoChangeNumber(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("ann@example.com").id
        let created = try store.createVersionedHabit(
            fields(), owner: owner, now: referenceTime, idempotency: nil)
        guard case .performed(let habit) = created else {
            Issue.record("not created")
            return
        }
        let id = habit.value.id
        let day = date("2026-03-01")
        #expect(
            try store.setProgress(
                Self.entry("2026-03-01", "1"), note: .keep, habitID: id + 1, owner: owner,
                expecting: nil) == nil)
        #expect(
            try store.deleteProgress(
                habitID: id, owner: owner, date: day, now: referenceTime, expecting: nil)
                == .written(stored: nil, replaced: nil))
        #expect(
            try store.updateHabit(
                id: id, owner: owner, fields: fields("Renamed"), status: .active,
                now: referenceTime, expecting: .oneOf([habit.version + 50]))
                == .mismatch(current: habit))
        #expect(
            try store.deleteHabit(id: id + 1, owner: owner, now: referenceTime, expecting: nil)
                == nil)
        let put = try store.setProgress(
            Self.entry("2026-03-01", "1"), note: .keep, habitID: id, owner: owner, expecting: nil)
        guard case .written(let stored?, nil) = put else {
            Issue.record("not written: \(String(describing: put))")
            return
        }
        #expect(stored.version == habit.version + 1)
    }

    /// 15 habits of ten years each (54,765 rows, written through the
    /// import), read in pages of 5,000: every row once, in order.
    @Test(arguments: StoreKind.allCases)
    func tenYearsOfFifteenHabitsPageThroughTheFeed(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("ann@example.com").id
        let start = date("2016-01-01")
        let days = 3650
        let newHabits = (0..<15).map { index in
            HabitImportWrite.NewHabit(
                fields: fields("H\(index)", start: "2016-01-01"),
                status: index < 10 ? .active : .archived,
                entries: (0..<days).map { offset in
                    ProgressEntry(date: start.adding(days: offset), value: Decimal(offset % 7))
                })
        }
        let written = ContinuousClock().measure {
            _ = try? store.importHabits(owner: owner, now: referenceTime) { _ throws(StoreError) in
                (HabitImportWrite(newHabits: newHabits), ())
            }
        }
        let clock = ContinuousClock()
        let begun = clock.now
        let all = try Self.readAll(store, owner: owner, limit: 5000)
        let elapsed = clock.now - begun
        print(
            "feed \(kind): \(all.changes.count) changes in \(all.pages) pages, \(elapsed) (import \(written))"
        )
        #expect(all.changes.count == 15 + 15 * days)
        #expect(all.pages == 11)
        #expect(Set(all.changes.map(\.number)).count == all.changes.count)
        let entries = all.changes.filter {
            if case .entry = $0 { return true }
            return false
        }
        #expect(entries.count == 15 * days)
        #expect(all.changes.map(\.number) == all.changes.map(\.number).sorted())
    }
}

/// The batch path writes many entries to a statement on PostgreSQL: every
/// note comes back as written, a day named twice takes its last entry, and
/// each entry gets its own change number.
@Suite struct BatchEntriesTests {
    @Test(arguments: StoreKind.allCases)
    func aBatchKeepsEveryNoteAndNumbersEveryEntry(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("ann@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let notes: [String?] = [
            nil, "plain", #"a "quoted" one"#, #"back\slash"#, "\"\u{301}", "{braces}, commas",
            "NULL", "", "ünï ✓",
        ]
        let start = date("2026-01-01")
        var entries = notes.enumerated().map { index, note in
            ProgressEntry(
                date: start.adding(days: index), value: Decimal(index), skipped: index % 2 == 1,
                note: note)
        }
        // A day named twice (the later wins) beside a full chunk of 500.
        entries.append(ProgressEntry(date: start, value: 42, skipped: false, note: "again"))
        entries += (0..<600).map { offset in
            ProgressEntry(date: start.adding(days: 100 + offset), value: 1)
        }
        #expect(try store.setProgress(entries, habitID: habit.id, owner: owner) == entries.count)
        let stored = try #require(try store.allProgress(habitID: habit.id, owner: owner))
        #expect(stored.count == notes.count + 600)
        #expect(
            stored.first == ProgressEntry(date: start, value: 42, skipped: false, note: "again"))
        for (index, note) in notes.enumerated().dropFirst() {
            #expect(stored[index].note == note)
            #expect(stored[index].value == Decimal(index))
        }
        let versions = try store.entryVersions(
            habitID: habit.id, owner: owner, from: .earliest, to: .latest)
        #expect(Set(versions.values).count == stored.count)
    }
}

import Dispatch
import Foundation
import HabitConcurrency
import HabitCore
import TestSupport
import Testing

@testable import HabitPostgres
@testable import HabitStorage
@testable import HabitStore

/// Several server processes on one PostgreSQL database: a checkpoint save
/// that meets an entry write still in its transaction waits for it, and
/// then sees the generation it moved.
@Suite struct PostgresCheckpointLockTests {
    @Test func aSaveWaitsForAnEntryWriteInFlightAndThenWritesNothing() throws {
        let url = try #require(PostgresURL(try PostgresStoreOpeningTests.schema()))
        let store = try PostgresStore(url: url, poolSize: 2, environment: [:])
        defer { store.close() }
        let owner = try store.makeUser("ann@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let generation = try #require(
            try store.historyCheckpoints(habitIDs: [habit.id], owner: owner)[habit.id]
        ).generation

        // Another process writes an entry before the checkpoint's day and
        // has not committed yet.
        let writer = try PostgresConnection(url: url, environment: [:])
        defer { writer.close() }
        try writer.execute("BEGIN")
        try writer.query(
            """
            INSERT INTO progress (habit_id, date, value, skipped)
            VALUES ($1::bigint, '2026-03-01', 3, false)
            """, [String(habit.id)])
        let writerPID = try writer.query("SELECT pg_backend_pid()").text(0, 0)

        let checkpoint = HistoryCheckpoint(
            through: date("2026-03-10"),
            stats: HabitStats(
                currentStreak: 0, longestStreak: 0, successCount: 0, failedCount: 9,
                skippedCount: 0, strength: 0),
            rules: HistoryCheckpoint.rules(of: habit))
        let outcome = Locked<Result<Void, StoreError>?>(nil)
        let done = DispatchGroup()
        done.enter()
        Thread {
            let result = Result { () throws(StoreError) in
                try store.saveHistoryCheckpoint(
                    checkpoint, habitID: habit.id, owner: owner, ifGeneration: generation)
            }
            outcome.withLock { $0 = result }
            done.leave()
        }.start()

        // The save is waiting on the writer's lock (a state PostgreSQL
        // reports, asked again until it shows, for at most ten seconds; each
        // question is a round trip to the server, which paces the loop).
        var blocked = false
        let deadline = Date().addingTimeInterval(10)
        while !blocked, Date() < deadline {
            blocked = try store.read { connection throws(StoreError) in
                try connection.query(
                    """
                    SELECT count(*) FROM pg_stat_activity
                    WHERE $1::integer = ANY (pg_blocking_pids(pid))
                    """, [writerPID]
                ).int64(0, 0) ?? 0 > 0
            }
        }
        #expect(blocked, "the save did not wait for the entry write")
        #expect(outcome.withLock { $0 == nil }, "the save ended before the write committed")

        try writer.execute("COMMIT")
        #expect(done.wait(timeout: .now() + 30) == .success)
        let result = try #require(outcome.withLock { $0 })
        #expect((try? result.get()) != nil, "\(result)")
        let read = try #require(
            try store.historyCheckpoints(habitIDs: [habit.id], owner: owner)[habit.id])
        #expect(read.checkpoint == nil)
        #expect(read.generation != generation)
    }
}

import Foundation
import HabitClient
import HabitConcurrency
import HabitCore
import HabitStorage
import HabitStore
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitsCLI

/// The pull against the in-process server: pages, an expired cursor, and
/// the changes still waiting applied again on top of the server's state.
@Suite struct ReplicaSyncTests {
    typealias Device = SyncModelTests.Device
    static let day = LocalDate(year: 2026, month: 11, day: 29)!
    static let fields = HabitFields(
        name: "Read", frequency: .daily, measurementType: "pages",
        startDate: LocalDate(year: 2026, month: 11, day: 1)!, actionDays: .everyDay,
        targetValue: 10)

    static func devices(_ count: Int, server: APITestServer) throws -> [Device] {
        let tokens = try server.signIn("pages@example.com")
        let arrivals = SyncModelTests.ArrivalLog()
        return try (0..<count).map {
            try Device(index: $0, server: server, tokens: tokens, arrivals: arrivals)
        }
    }

    @Test func smallPagesBringEverythingInOrder() async throws {
        let server = try APITestServer()
        defer { server.stop() }
        let devices = try Self.devices(2, server: server)
        let writer = devices[0].backend()
        try #require(try await writer.syncOnce(waiting: 600)?.pulled == true)
        for index in 1...3 {
            var fields = Self.fields
            fields.name = "Habit \(index)"
            let habit = try await writer.createHabit(fields)
            for offset in 0..<4 {
                _ = try await devices[0].backend().addToEntry(
                    habitID: habit.id, date: Self.day.adding(days: -offset),
                    amount: Decimal(offset + 1),
                    note: .keep)
            }
        }
        var reader = devices[1].backend()
        reader = ReplicaBackend(
            mode: reader.mode, store: reader.store, owner: reader.owner,
            sync: ReplicaSync(
                store: reader.store, owner: reader.owner, client: devices[1].client,
                clock: devices[1].clock, pageSize: 2),
            remote: reader.remote, session: SyncSession(), timeout: 600,
            features: reader.features, clock: reader.clock, notes: reader.notes)
        let report = try #require(try await reader.syncOnce(waiting: 600))
        #expect(report.pulled)
        #expect(report.received == 15)
        let onServer = try await devices[0].serverSnapshot()
        #expect(try devices[1].replicaSnapshot() == onServer)
    }

    @Test func aSyncThatBringsNothingKeepsTheCursorAndRecordsTheTime() async throws {
        let server = try APITestServer()
        defer { server.stop() }
        let device = try Self.devices(1, server: server)[0]
        try #require(try await device.backend().syncOnce(waiting: 600)?.pulled == true)
        let habit = try await device.backend().createHabit(Self.fields)
        _ = try await device.backend().addToEntry(
            habitID: habit.id, date: Self.day, amount: 3, note: .keep)
        func state() throws -> (cursor: String?, syncedAt: String?) {
            try device.store.replicaSnapshot(owner: device.owner) { replica throws(StoreError) in
                (
                    try replica.state(ReplicaState.cursor),
                    try replica.state(ReplicaState.syncedAt)
                )
            }
        }
        let before = try state()
        let replicaBefore = try device.replicaSnapshot()
        server.clock.advance(by: 60)
        let backend = device.backend()
        let report = try #require(try await backend.syncOnce(waiting: 600))
        #expect(report.pulled)
        #expect(report.received == 0 && report.sent == 0 && report.failure == nil)
        let after = try state()
        #expect(after.cursor == before.cursor)
        let recorded = try #require(report.syncedAt)
        #expect(recorded == server.clock.wallClock.now())
        #expect(after.syncedAt == String(recorded.timeIntervalSince1970))
        #expect(after.syncedAt != before.syncedAt)
        #expect(try device.replicaSnapshot() == replicaBefore)
        // The overview says when the replica synced: this sync's time.
        let overview = try await backend.overview(status: .active, on: Self.day)
        #expect(overview.syncedAt == recorded)
        #expect(overview.items.map(\.habit.id) == [habit.id])
        #expect(overview.items.first?.completion.current == 3)
    }

    @Test func anExpiredCursorRebuildsTheReplicaKeepingWaitingChanges() async throws {
        let server = try APITestServer()
        defer { server.stop() }
        let devices = try Self.devices(2, server: server)
        let phone = devices[0]
        let laptop = devices[1]
        try #require(try await phone.backend().syncOnce(waiting: 600)?.pulled == true)
        let habit = try await phone.backend().createHabit(Self.fields)
        try #require(try await laptop.backend().syncOnce(waiting: 600)?.pulled == true)
        // The laptop adds 2 while offline; the phone adds 3 online.
        laptop.link.state.withLock { $0 = .down }
        _ = try await laptop.backend().addToEntry(
            habitID: habit.id, date: Self.day, amount: 2, note: .keep)
        _ = try await phone.backend().addToEntry(
            habitID: habit.id, date: Self.day, amount: 3, note: .keep)
        // Back online, the laptop's cursor has expired: the pull starts
        // over, replacing the replica, its waiting change applied on top.
        laptop.link.state.withLock { $0 = .up }
        laptop.link.expireNextCursor.withLock { $0 = true }
        var report = ReplicaSync.Report()
        try await laptop.backend().sync.pull(full: false, into: &report)
        #expect(report.pulled)
        #expect(report.failure == nil)
        #expect(report.reconciled == 1)
        let entries = try laptop.replicaSnapshot()[habit.id]?.entries
        #expect(entries?[Self.day]?.value == 5)
        #expect(try laptop.outbox().pending.count == 1)
        // Then it is sent, and everyone agrees on 5.
        _ = try await laptop.backend().syncOnce(waiting: 600)
        _ = try await phone.backend().syncOnce(waiting: 600)
        let onServer = try await phone.serverSnapshot()
        #expect(onServer[habit.id]?.entries[Self.day]?.value == 5)
        #expect(try laptop.replicaSnapshot() == onServer)
        #expect(try phone.replicaSnapshot() == onServer)
    }

    @Test func aHabitCreatedOfflineGetsItsServerIdAndKeepsItsDays() async throws {
        let server = try APITestServer()
        defer { server.stop() }
        let device = try Self.devices(1, server: server)[0]
        try #require(try await device.backend().syncOnce(waiting: 600)?.pulled == true)
        device.link.state.withLock { $0 = .down }
        let offline = try await device.backend().createHabit(Self.fields)
        #expect(offline.id < 0)
        _ = try await device.backend().addToEntry(
            habitID: offline.id, date: Self.day, amount: 4, note: .replace("train"))
        // The answer to the creation is lost: the retry carries the same key.
        device.link.state.withLock { $0 = .losingAnswers }
        _ = try await device.backend().syncOnce(waiting: 600)
        device.link.state.withLock { $0 = .up }
        let report = try #require(try await device.backend().syncOnce(waiting: 600))
        #expect(report.failure == nil)
        let onServer = try await device.serverSnapshot()
        #expect(onServer.count == 1, "the creation was applied \(onServer.count) times")
        let (id, habit) = try #require(onServer.first)
        #expect(id > 0)
        #expect(habit.entries[Self.day]?.value == 4)
        #expect(habit.entries[Self.day]?.note == "train")
        #expect(try device.replicaSnapshot() == onServer)
        #expect(try await device.backend().habit(id: offline.id).id == id)
    }

    /// Issue 38 offline: a monthly at-most habit in a group, created while
    /// the server cannot be reached, reaches it with exactly those fields;
    /// an offline edit to every 3 days without the group does too (null
    /// removing the group); the replica then holds what the server holds.
    /// Needs the server to take the second model and both stores to keep it.
    @Test func aHabitOfTheSecondModelMadeOfflineReachesTheServerWithItsFields() async throws {
        let server = try APITestServer()
        defer { server.stop() }
        let device = try Self.devices(1, server: server)[0]
        try #require(try await device.backend().syncOnce(waiting: 600)?.pulled == true)
        var fields = Self.fields
        fields.name = "Coffee"
        fields.frequency = .monthly
        fields.measurementType = "cups"
        fields.targetValue = 2
        fields.goal = .atMost
        fields.group = "Health"

        device.link.state.withLock { $0 = .down }
        let offline = try await device.backend().createHabit(fields)
        #expect(offline.id < 0)
        #expect(offline.fields == fields)
        device.link.state.withLock { $0 = .up }
        var report = try #require(try await device.backend().syncOnce(waiting: 600))
        #expect(report.failure == nil)
        #expect(report.rejected.isEmpty)
        var onServer = try await device.client.habits(status: .all).map(\.habit)
        #expect(onServer.map(\.fields) == [fields])
        let id = try #require(onServer.first?.id)

        device.link.state.withLock { $0 = .down }
        let changes = HabitChanges(
            frequency: .everyNDays, periodDays: .some(3), group: .some(nil))
        _ = try await device.backend().updateHabit(id: id, changes: changes)
        device.link.state.withLock { $0 = .up }
        report = try #require(try await device.backend().syncOnce(waiting: 600))
        #expect(report.failure == nil)
        #expect(report.rejected.isEmpty)
        #expect(report.conflicts.isEmpty)
        let edited = try changes.applied(to: fields)
        #expect(edited.periodDays == 3)
        #expect(edited.group == nil)
        onServer = try await device.client.habits(status: .all).map(\.habit)
        #expect(onServer.map(\.fields) == [edited])
        let replica = try device.store.replica(owner: device.owner) {
            replica throws(StoreError) in try replica.habits()
        }
        #expect(replica.map(\.fields) == [edited])
        #expect(replica.map(\.id) == [id])
    }
}

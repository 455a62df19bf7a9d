import Foundation
import HabitCore
import Testing

@testable import HabitPostgres
@testable import HabitStorage
@testable import HabitStore

/// Idempotency keys stored in the operation's own transaction.
@Suite struct IdempotencyTests {
    let database: TestDatabase
    var store: any TestStore { database.store }

    init(_ kind: StoreKind) throws {
        database = try kind.open()
    }

    private func request(_ key: String = "k1", scope: String = "user:1", body: String = "a")
        -> IdempotencyRequest
    {
        IdempotencyRequest(scope: scope, key: key, fingerprint: "POST /api/me/habits/ \(body)")
    }

    /// A record whose answer is the habit's id as text (a stand-in for its JSON).
    private func habitRecord(_ request: IdempotencyRequest, at now: Date = referenceTime)
        -> IdempotencyRecord<Habit>
    {
        IdempotencyRecord(request: request, now: now) { outcome in
            switch outcome {
            case .success(let habit): IdempotentAnswer(status: 201, body: Data("\(habit.id)".utf8))
            case .failure(.habitLimit): IdempotentAnswer(status: 409, body: Data("limit".utf8))
            case .failure: nil
            }
        }
    }

    @Test(arguments: StoreKind.allCases) static func aRepeatGetsTheFirstAnswerAndRunsNothing(
        _ kind: StoreKind
    ) throws {
        try Self(kind).aRepeatGetsTheFirstAnswerAndRunsNothing()
    }
    func aRepeatGetsTheFirstAnswerAndRunsNothing() throws {
        let owner = try store.makeUser("a@example.com").id
        let first = try store.createHabit(
            fields(), owner: owner, now: referenceTime, idempotency: habitRecord(request()))
        guard case .performed(let habit) = first else {
            Issue.record("expected a new habit, got \(first)")
            return
        }
        let again = try store.createHabit(
            fields(), owner: owner, now: referenceTime.addingTimeInterval(60),
            idempotency: habitRecord(request()))

        #expect(again == .replayed(IdempotentAnswer(status: 201, body: Data("\(habit.id)".utf8))))
        #expect(try store.habits(owner: owner, status: .all) == [habit])
    }

    @Test(arguments: StoreKind.allCases) static func theSameKeyWithAnotherRequestIsRefused(
        _ kind: StoreKind
    ) throws {
        try Self(kind).theSameKeyWithAnotherRequestIsRefused()
    }
    func theSameKeyWithAnotherRequestIsRefused() throws {
        let owner = try store.makeUser("a@example.com").id
        _ = try store.createHabit(
            fields(), owner: owner, now: referenceTime, idempotency: habitRecord(request()))
        let other = try store.createHabit(
            fields("Other"), owner: owner, now: referenceTime,
            idempotency: habitRecord(request(body: "b")))

        #expect(other == .keyReused)
        #expect(try store.habits(owner: owner, status: .all).count == 1)
    }

    @Test(arguments: StoreKind.allCases) static func keysExpireAfterTwentyFourHours(
        _ kind: StoreKind
    ) throws {
        try Self(kind).keysExpireAfterTwentyFourHours()
    }
    func keysExpireAfterTwentyFourHours() throws {
        let owner = try store.makeUser("a@example.com").id
        _ = try store.createHabit(
            fields(), owner: owner, now: referenceTime, idempotency: habitRecord(request()))
        let justBefore = referenceTime.addingTimeInterval(IdempotencyRequest.retention - 1)
        let stillThere = try store.createHabit(
            fields(), owner: owner, now: justBefore,
            idempotency: habitRecord(request(), at: justBefore))
        guard case .replayed = stillThere else {
            Issue.record("expected a replay a second before expiry, got \(stillThere)")
            return
        }
        let later = referenceTime.addingTimeInterval(IdempotencyRequest.retention)
        // Expired: the key is free again, even for another request.
        let again = try store.createHabit(
            fields("Other"), owner: owner, now: later,
            idempotency: habitRecord(request(body: "b"), at: later))

        guard case .performed = again else {
            Issue.record("expected the expired key to run again, got \(again)")
            return
        }
        #expect(try store.habits(owner: owner, status: .all).count == 2)
    }

    @Test(arguments: StoreKind.allCases) static func scopesKeepKeysApart(_ kind: StoreKind) throws {
        try Self(kind).scopesKeepKeysApart()
    }
    func scopesKeepKeysApart() throws {
        let first = try store.makeUser("a@example.com").id
        let second = try store.makeUser("b@example.com").id
        let one = try store.createHabit(
            fields(), owner: first, now: referenceTime,
            idempotency: habitRecord(request(scope: "user:\(first)")))
        let two = try store.createHabit(
            fields(), owner: second, now: referenceTime,
            idempotency: habitRecord(request(scope: "user:\(second)")))

        guard case .performed = one, case .performed = two else {
            Issue.record("expected both to run, got \(one) and \(two)")
            return
        }
    }

    @Test(arguments: StoreKind.allCases) static func aRememberedFailureKeepsItsKeyAndNothingElse(
        _ kind: StoreKind
    ) throws {
        try Self(kind).aRememberedFailureKeepsItsKeyAndNothingElse()
    }
    func aRememberedFailureKeepsItsKeyAndNothingElse() throws {
        let owner = try store.makeUser("a@example.com").id
        for index in 0..<Habit.maximumActiveCount {
            _ = try store.createHabit(fields("Habit \(index)"), owner: owner, now: referenceTime)
        }
        #expect(throws: StoreError.habitLimit(maximum: Habit.maximumActiveCount)) {
            try store.createHabit(
                fields(), owner: owner, now: referenceTime, idempotency: habitRecord(request()))
        }
        // Room again, but the key's answer was the refusal.
        let habit = try #require(try store.habits(owner: owner, status: .active).first)
        _ = try store.deleteHabit(id: habit.id, owner: owner)
        let again = try store.createHabit(
            fields(), owner: owner, now: referenceTime, idempotency: habitRecord(request()))

        #expect(again == .replayed(IdempotentAnswer(status: 409, body: Data("limit".utf8))))
        #expect(
            try store.habits(owner: owner, status: .active).count == Habit.maximumActiveCount - 1)
    }

    @Test(arguments: StoreKind.allCases) static func aFailureWithoutAnAnswerLeavesTheKeyFree(
        _ kind: StoreKind
    ) throws {
        try Self(kind).aFailureWithoutAnAnswerLeavesTheKeyFree()
    }
    func aFailureWithoutAnAnswerLeavesTheKeyFree() throws {
        let owner = try store.makeUser("a@example.com").id
        let unknownOwner = owner + 100
        // The owner's foreign key fails: a store failure, not remembered.
        #expect(throws: StoreError.self) {
            try store.createHabit(
                fields(), owner: unknownOwner, now: referenceTime,
                idempotency: habitRecord(request()))
        }
        #expect(try database.count("SELECT count(*) FROM idempotency_keys") == 0)
    }

    @Test(arguments: StoreKind.allCases) static func concurrentRepeatsOnTwoStoresHaveOneEffect(
        _ kind: StoreKind
    ) throws {
        try Self(kind).concurrentRepeatsOnTwoStoresHaveOneEffect()
    }
    func concurrentRepeatsOnTwoStoresHaveOneEffect() throws {
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let other = try database.another()
        defer { other.close() }
        let stores = [store, other]
        let day = date("2026-03-02")

        let outcomes = runConcurrently(8) { index in
            let record = IdempotencyRecord<ProgressEntry?>(
                request: IdempotencyRequest(scope: "user:1", key: "k", fingerprint: "inc"),
                now: referenceTime
            ) { outcome in
                guard case .success(let entry?) = outcome else { return nil }
                return IdempotentAnswer(status: 200, body: Data("\(entry.value)".utf8))
            }
            return Result { () throws(StoreError) in
                try stores[index % 2].incrementProgress(
                    habitID: habit.id, owner: owner, date: day, amount: 1, idempotency: record)
            }
        }

        let performed = outcomes.filter {
            if case .success(.performed) = $0 { true } else { false }
        }
        #expect(performed.count == 1)
        #expect(
            outcomes.filter {
                $0 == .success(.replayed(IdempotentAnswer(status: 200, body: Data("1".utf8))))
            }.count == 7)
        #expect(
            try store.progress(habitID: habit.id, owner: owner, from: day, to: day)?.first?.value
                == 1)
    }

    @Test(arguments: StoreKind.allCases) static func recordedAnswersReplayAndCanBeForgotten(
        _ kind: StoreKind
    ) throws {
        try Self(kind).recordedAnswersReplayAndCanBeForgotten()
    }
    func recordedAnswersReplayAndCanBeForgotten() throws {
        let answer = IdempotentAnswer(status: 400, body: Data("bad".utf8))
        let first = try store.recordAnswer(answer, for: request(), now: referenceTime)
        let again = try store.recordAnswer(
            IdempotentAnswer(status: 400, body: Data("other".utf8)), for: request(),
            now: referenceTime)
        let mismatch = try store.recordAnswer(answer, for: request(body: "b"), now: referenceTime)
        guard case .performed = first else {
            Issue.record("expected the first record to be stored, got \(first)")
            return
        }
        guard case .replayed(let replayed) = again, case .keyReused = mismatch else {
            Issue.record("expected a replay and a refusal, got \(again) and \(mismatch)")
            return
        }
        #expect(replayed == answer)

        // Forgetting needs the same fingerprint.
        try store.forgetAnswer(for: request(body: "b"))
        #expect(try database.count("SELECT count(*) FROM idempotency_keys") == 1)
        try store.forgetAnswer(for: request())
        #expect(try database.count("SELECT count(*) FROM idempotency_keys") == 0)
    }

    @Test(arguments: StoreKind.allCases) static func aScopeKeepsOnlyItsNewestKeys(
        _ kind: StoreKind
    ) throws {
        try Self(kind).aScopeKeepsOnlyItsNewestKeys()
    }
    func aScopeKeepsOnlyItsNewestKeys() throws {
        let answer = IdempotentAnswer(status: 400, body: Data("bad".utf8))
        let maximum = IdempotencyRequest.maximumPerScope
        for index in 0...maximum {
            _ = try store.recordAnswer(
                answer, for: request("k-\(index)"),
                now: referenceTime.addingTimeInterval(Double(index)))
        }
        _ = try store.recordAnswer(
            answer, for: request("other", scope: "user:2"), now: referenceTime)

        // The oldest key of the full scope is free again; the newest is kept.
        let oldest = try store.recordAnswer(
            answer, for: request("k-0", body: "b"), now: referenceTime.addingTimeInterval(5000))
        let newest = try store.recordAnswer(
            answer, for: request("k-\(maximum)", body: "b"),
            now: referenceTime.addingTimeInterval(5000))
        guard case .performed = oldest, case .keyReused = newest else {
            Issue.record("expected the oldest forgotten and the newest kept: \(oldest), \(newest)")
            return
        }
    }

    @Test(arguments: StoreKind.allCases) static func expiredKeysArePurgedInBoundedBatches(
        _ kind: StoreKind
    ) throws {
        try Self(kind).expiredKeysArePurgedInBoundedBatches()
    }
    func expiredKeysArePurgedInBoundedBatches() throws {
        let answer = IdempotentAnswer(status: 400, body: Data("bad".utf8))
        for index in 0..<40 {
            _ = try store.recordAnswer(answer, for: request("old-\(index)"), now: referenceTime)
        }
        let later = referenceTime.addingTimeInterval(IdempotencyRequest.retention + 1)
        _ = try store.recordAnswer(answer, for: request("new-1"), now: later)
        let batch = SQLiteStore.idempotencyPurgeBatch
        #expect(
            try database.count("SELECT count(*) FROM idempotency_keys")
                == Int64(40 - batch + 1))
        _ = try store.recordAnswer(answer, for: request("new-2"), now: later)
        #expect(try database.count("SELECT count(*) FROM idempotency_keys") == 2)
    }
}

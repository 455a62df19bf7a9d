import Foundation
import HabitAPI
import HabitCore
import HabitHTTP
import HabitStorage

/// The habit routes: list (with completion data), create, show, update, delete.
extension APIResponder {
    /// `GET /api/me/habits/?status=&date=&today=`.
    ///
    /// The body is reused from `listAnswers` while the user's habits and
    /// progress are as they were when it was worked out.
    func listHabits(_ request: HTTPRequest, owner: Int64) throws(APIError) -> HTTPResponse {
        let query = try validated { () throws(ValidationError) in try ListQuery(request) }
        // `today` decides only a list with `date`: one without needs no
        // account read.
        var today: LocalDate?
        if query.date != nil { today = try resolvedToday(query.today, owner: owner) }
        let key = listKey(owner: owner, query, today: today)
        // The stamp and the ticket are taken before the store is read.
        let stamp = try stored { () throws(StoreError) in
            try store.externalWriteStamp(waiting: true)
        }
        let (ticket, known) = listAnswers.lookUp(key, stamp: stamp)
        if let known { return JSONBody.response(status: 200, body: known) }
        let body = try listBody(owner: owner, status: query.status, date: query.date, today: today)
        if let ticket { listAnswers.remember(body, for: key, ticket: ticket) }
        return JSONBody.response(status: 200, body: body)
    }

    /// What a list answers to: the query with `today` resolved (the
    /// query's, else `accountToday`; `nil` without `date`).
    func listKey(owner: Int64, _ query: ListQuery, today: LocalDate?) -> HabitListAnswers.Key {
        HabitListAnswers.Key(owner: owner, status: query.status, date: query.date, today: today)
    }

    /// The owner's date now, for a route whose `today` the query leaves
    /// out: in the account's time zone, and before its `day_starts_at`
    /// still the previous date (`User.today(at:)`), as for the calendar
    /// feed and reminders. A `today` the client gives is never shifted.
    func accountToday(owner: Int64) throws(APIError) -> LocalDate {
        guard let user = try stored({ () throws(StoreError) in try store.user(id: owner) })
        else { throw .tokenNotValid }
        return user.today(at: now())
    }

    /// `given`, the client's `today`, else `accountToday`.
    private func resolvedToday(_ given: LocalDate?, owner: Int64) throws(APIError) -> LocalDate {
        if let given { return given }
        return try accountToday(owner: owner)
    }

    /// The list's JSON, read from the store.
    private func listBody(
        owner: Int64, status: HabitStatusFilter, date: LocalDate?, today: LocalDate?
    ) throws(APIError) -> Data {
        // The versions before the habits: a write landing between the two
        // reads leaves a version older than the habit shown, which an
        // If-Match then refuses (412), never one newer, which would let a
        // client overwrite a change it has not seen.
        let versions = try stored { () throws(StoreError) in try store.habitVersions(owner: owner) }
        guard let date, let today else {
            let habits = try stored { () throws(StoreError) in
                try store.habits(owner: owner, status: status)
            }
            return listEncoder.encode(
                habits.map { HabitWithCompletion(habit: $0, completion: nil) }, versions: versions)
        }
        // The same operation as local mode's list: the week's entries in one
        // read, the streak and strength from the store's history
        // checkpoints, so a list costs the same with ten years of history as
        // with ten days.
        let overview = try stored { () throws(StoreError) in
            try store.overview(
                owner: owner, status: status, window: OverviewWindow(date: date, today: today))
        }
        return listEncoder.encode(overview.items, versions: versions)
    }

    /// `POST /api/me/habits/`: 201 with the new habit; 409 past the active
    /// or the total limit. Takes an `Idempotency-Key`.
    func createHabit(_ request: HTTPRequest, owner: Int64) throws(APIError) -> HTTPResponse {
        let object = try bodyObject(request)
        let fields = try validated { () throws(ValidationError) in
            try HabitInput.fields(from: object)
        }
        let now = now()
        let respond = { (habit: Versioned<Habit>) throws(APIError) -> HTTPResponse in
            JSONBody.response(status: 201, VersionedJSON(habit))
        }
        let outcome: Idempotent<Versioned<Habit>>
        do {
            outcome = try store.createVersionedHabit(
                fields, owner: owner, now: now,
                idempotency: record(
                    keyForWrite(), now: now,
                    { (outcome: Result<Versioned<Habit>, StoreError>) -> HTTPResponse? in
                        Self.response(outcome, respond)
                    }))
        } catch {
            // A genuine token of an account this database does not hold (its
            // data was reset under the same secret): that is the token's
            // fault, not the server's, whichever store said so.
            if case .ownerMissing = error { throw .tokenNotValid }
            outcome = try stored { () throws(StoreError) -> Idempotent<Versioned<Habit>> in
                throw error
            }
        }
        return try answer(outcome, respond)
    }

    /// `GET /api/me/habits/{id}/?today=`: the habit and its stats as of
    /// `today` (the account's date when absent: `accountToday`).
    func showHabit(_ request: HTTPRequest, owner: Int64, id: Int64) throws(APIError) -> HTTPResponse
    {
        let query = try validated { () throws(ValidationError) in try ShowQuery(request) }
        let versioned = try versionedHabit(id: id, owner: owner)
        let habit = versioned.value
        let today = try resolvedToday(query.today, owner: owner)
        // The stats resume from the store's checkpoint, so a habit with ten
        // years of history costs what one with ten days does. The reads run
        // over the week and the habit's period containing `today` (a month
        // or a block of N days may reach past the week), which the stats
        // must hold.
        let window = OverviewWindow(date: today, today: today)
        let from = window.from(for: [habit])
        let through = window.through(for: [habit])
        let found = try stored { () throws(StoreError) in
            try store.historyAndStats(
                of: habit, owner: owner, from: from, to: through, asOf: today)
        }
        guard let found else { throw .habitNotFound }
        return JSONBody.response(
            status: 200,
            VersionedJSON(
                Versioned(
                    HabitWithStats(habit: habit, stats: found.stats, asOf: today),
                    version: versioned.version)))
    }

    /// `PATCH /api/me/habits/{id}/`: any subset of the fields plus `status`,
    /// validated together with the fields left as they were. Answers the
    /// habit with its version and `replaced`, the habit before; `If-Match`
    /// makes it conditional (412 with `current` on a mismatch). Takes an
    /// `Idempotency-Key`.
    func updateHabit(_ request: HTTPRequest, owner: Int64, id: Int64) throws(APIError)
        -> HTTPResponse
    {
        let condition = IfMatch.condition(request)
        let object = try bodyObject(request)
        let changes = try validated { () throws(ValidationError) in
            try HabitInput.changes(from: object)
        }
        let current = try versionedHabit(id: id, owner: owner)
        let habit = current.value
        // The body is judged before the condition: a bad one is 400 whatever
        // the version.
        let fields = try validated { () throws(ValidationError) in
            try changes.applied(to: habit.fields)
        }
        guard condition.isMet(by: current.version) else {
            return Self.versionMismatch(current)
        }
        let status = changes.status ?? habit.status
        if fields == habit.fields && status == habit.status {
            return JSONBody.response(status: 200, WriteJSON(stored: current, replaced: current))
        }
        let now = now()
        return try keyedWrite(now: now, respond: Self.writtenHabit) {
            record throws(StoreError) in
            try store.updateHabit(
                id: id, owner: owner, fields: fields, status: status, now: now,
                expecting: condition, idempotency: record)
        }
    }

    /// The answer of a habit's guarded write.
    private static func writtenHabit(_ outcome: GuardedWrite<Habit>?) throws(APIError)
        -> HTTPResponse
    {
        try written(outcome, status: 200)
    }

    /// `DELETE /api/me/habits/{id}/`: removes the habit and its progress;
    /// 204, or 200 with `replaced` for `Prefer: return=representation`.
    /// Takes an `Idempotency-Key`.
    func deleteHabit(_ request: HTTPRequest, owner: Int64, id: Int64) throws(APIError)
        -> HTTPResponse
    {
        let condition = IfMatch.condition(request)
        let representation = PreferHeader.wantsRepresentation(request)
        let respond = { (outcome: GuardedWrite<Habit>?) throws(APIError) -> HTTPResponse in
            try Self.deleted(outcome, representation: representation)
        }
        let now = now()
        return try keyedWrite(now: now, respond: respond) { record throws(StoreError) in
            try store.deleteHabit(
                id: id, owner: owner, now: now, expecting: condition, idempotency: record)
        }
    }

    /// The owner's habit `id` with its version; another owner's habit is
    /// "not found" too.
    func versionedHabit(id: Int64, owner: Int64) throws(APIError) -> Versioned<Habit> {
        let habit = try stored { () throws(StoreError) in
            try store.versionedHabit(id: id, owner: owner)
        }
        guard let habit else { throw .habitNotFound }
        return habit
    }

    /// 412 `version_mismatch` with the row as stored.
    static func versionMismatch<Value: Encodable>(_ current: Versioned<Value>?) -> HTTPResponse {
        JSONBody.response(status: 412, VersionMismatchJSON(current: current))
    }

    /// The answer of a guarded write that stores a value: `status` with the
    /// value and `replaced`, 412 on a mismatch, 404 when the habit is not
    /// the owner's.
    static func written<Value: Encodable>(_ outcome: GuardedWrite<Value>?, status: Int)
        throws(APIError) -> HTTPResponse
    {
        switch outcome {
        case .none: throw .habitNotFound
        case .mismatch(let current): return versionMismatch(current)
        case .written(let stored?, let replaced):
            return JSONBody.response(status: status, WriteJSON(stored: stored, replaced: replaced))
        case .written(nil, let replaced):
            return JSONBody.response(status: status, ReplacedJSON(replaced: replaced))
        }
    }

    /// The answer of a guarded delete: 204, or 200 with `replaced` when the
    /// client prefers the representation; 412 on a mismatch, 404 when the
    /// habit is not the owner's.
    static func deleted<Value: Encodable>(
        _ outcome: GuardedWrite<Value>?, representation: Bool
    ) throws(APIError) -> HTTPResponse {
        switch outcome {
        case .none: throw .habitNotFound
        case .mismatch(let current): return versionMismatch(current)
        case .written(_, let replaced):
            guard representation else { return JSONBody.noContent }
            return JSONBody.response(status: 200, ReplacedJSON(replaced: replaced))
        }
    }

    /// The owner's habit `id`; another owner's habit is "not found" too.
    func ownedHabit(id: Int64, owner: Int64) throws(APIError) -> Habit {
        let habit = try stored { () throws(StoreError) in try store.habit(id: id, owner: owner) }
        guard let habit else { throw .habitNotFound }
        return habit
    }
}

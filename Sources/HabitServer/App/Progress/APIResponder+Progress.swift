import Foundation
import HabitAPI
import HabitCore
import HabitHTTP
import HabitStorage

/// The progress routes: a date range of entries, and one day's entry.
extension APIResponder {
    /// `GET /api/me/habits/{id}/progress/?from=&to=`.
    func listProgress(_ request: HTTPRequest, owner: Int64, habitID: Int64) throws(APIError)
        -> HTTPResponse
    {
        let range = try validated { () throws(ValidationError) in
            try ProgressRangeQuery(request)
        }
        // The versions first (as for the habit list): an entry written
        // between the two reads shows an older version (or "0" when it is
        // new), which an If-Match refuses, never a newer one.
        let versions = try stored { () throws(StoreError) in
            try store.entryVersions(habitID: habitID, owner: owner, from: range.from, to: range.to)
        }
        let entries = try stored { () throws(StoreError) in
            try store.progress(habitID: habitID, owner: owner, from: range.from, to: range.to)
        }
        guard let entries else { throw .habitNotFound }
        let versioned = entries.map { entry in
            VersionedJSON(Versioned(entry, version: versions[entry.date] ?? 0))
        }
        return JSONBody.response(status: 200, DataList(data: versioned))
    }

    /// `PUT /api/me/habits/{id}/progress/{date}/`: replaces that day's value
    /// and skip, and its note when the body has `note`. Takes an
    /// `Idempotency-Key`.
    func setProgress(
        _ request: HTTPRequest, owner: Int64, habitID: Int64, date text: String
    ) throws(APIError) -> HTTPResponse {
        let date = try pathDate(text)
        let object = try bodyObject(request)
        let (entry, note) = try validated { () throws(ValidationError) in
            try HabitInput.progressEntry(from: object, date: date)
        }
        let condition = IfMatch.condition(request)
        let now = now()
        return try keyedWrite(now: now, respond: Self.writtenEntry) {
            record throws(StoreError) in
            try store.setProgress(
                entry, note: note, habitID: habitID, owner: owner, expecting: condition,
                idempotency: record)
        }
    }

    /// The answer of an entry's guarded write.
    static func writtenEntry(_ outcome: GuardedWrite<ProgressEntry>?) throws(APIError)
        -> HTTPResponse
    {
        try written(outcome, status: 200)
    }

    /// `POST /api/me/habits/{id}/progress/{date}/increment/` with
    /// `{"amount", "note"?}`: adds to that day's value atomically and answers
    /// the new entry (un-skipped), its note changed as for a PUT. Takes an
    /// `Idempotency-Key`.
    func incrementProgress(
        _ request: HTTPRequest, owner: Int64, habitID: Int64, date text: String
    ) throws(APIError) -> HTTPResponse {
        let date = try pathDate(text)
        let object = try bodyObject(request)
        let (amount, note) = try validated { () throws(ValidationError) in
            try HabitInput.increment(from: object)
        }
        return try increment(
            habitID: habitID, owner: owner, date: date, amount: amount, note: note,
            key: keyForWrite(), condition: IfMatch.condition(request), now: now())
    }

    /// Adds `amount` to the day's value under `key` (when given) and
    /// answers the new entry with what it replaced: the increment route's
    /// step after its input is read, which the check-in URL shares.
    func increment(
        habitID: Int64, owner: Int64, date: LocalDate, amount: Decimal, note: NoteChange,
        key: IdempotencyRequest?, condition: VersionCondition? = nil, now: Date
    ) throws(APIError) -> HTTPResponse {
        try keyedWrite(key, now: now, respond: Self.writtenEntry) { record throws(StoreError) in
            try store.incrementProgress(
                habitID: habitID, owner: owner, date: date, amount: amount, note: note,
                expecting: condition, idempotency: record)
        }
    }

    /// `DELETE /api/me/habits/{id}/progress/{date}/`: 204 whether or not
    /// there was an entry, so repeating it changes nothing; 200 with
    /// `replaced` for `Prefer: return=representation`. Takes an
    /// `Idempotency-Key`, so a retry cannot remove what another device wrote
    /// meanwhile.
    func deleteProgress(
        _ request: HTTPRequest, owner: Int64, habitID: Int64, date text: String
    ) throws(APIError) -> HTTPResponse {
        let date = try pathDate(text)
        let condition = IfMatch.condition(request)
        let representation = PreferHeader.wantsRepresentation(request)
        let respond = { (outcome: GuardedWrite<ProgressEntry>?) throws(APIError) -> HTTPResponse in
            try Self.deleted(outcome, representation: representation)
        }
        let now = now()
        return try keyedWrite(now: now, respond: respond) { record throws(StoreError) in
            try store.deleteProgress(
                habitID: habitID, owner: owner, date: date, now: now, expecting: condition,
                idempotency: record)
        }
    }

    private func pathDate(_ text: String) throws(APIError) -> LocalDate {
        guard let date = LocalDate(text) else { throw .invalid("date", QueryDates.problem) }
        return date
    }
}

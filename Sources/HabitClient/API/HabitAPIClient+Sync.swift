import Foundation
import HabitCore

/// The change feed and the writes a replica sends from its outbox (issue 23).
extension HabitAPIClient {
    /// One page of `GET /api/me/changes/`: everything after `since` (all of
    /// it without), or `.cursorExpired` (410) when the server no longer
    /// knows the cursor, or `.absent` when the server has no feed (404: an
    /// older server or another implementation of the contract).
    package func changes(since cursor: String?, limit: Int? = nil) async throws(APIError)
        -> FeedAnswer
    {
        var query: [(name: String, value: String)] = []
        if let cursor { query.append((name: "since", value: cursor)) }
        if let limit { query.append((name: "limit", value: String(limit))) }
        let request = request(.get, "me/changes/", query: query, body: nil)
        let response = try await deliver(request, reportsUnknownOutcome: false) { request in
            try await self.auth.intercept(request, next: self.chain.send)
        }
        switch response.status {
        case 200..<300:
            return .page(
                try Answer(response: response, path: request.pathDescription).decode(
                    FeedPage.self))
        case 404:
            return .absent
        case 410 where ServerErrorBody(response: response)?.code == APIErrorCode.cursorExpired:
            return .cursorExpired
        default:
            throw APIError(
                response: response, context: .account, path: request.pathDescription,
                deviceNow: clock.now())
        }
    }

    /// Sends one change of the outbox with its own `Idempotency-Key` (the
    /// same on every retry, so the server applies it once) and returns what
    /// the server stored and what it replaced.
    package func send(_ write: SyncWrite, idempotencyKey: String) async throws(APIError)
        -> SyncWriteAnswer
    {
        let base = "me/habits/\(write.habitID)/"
        let method: TransportRequest.Method
        let path: String
        let body: Data?
        switch write.action {
        case .createHabit(let fields):
            (method, path, body) = (.post, "me/habits/", try JSONBody.encode(HabitBody(fields)))
        case .updateHabit(let changes):
            (method, path, body) = (.patch, base, try JSONBody.encode(HabitBody(changes)))
        case .deleteHabit:
            (method, path, body) = (.delete, base, nil)
        case .increment(let date, let amount, let note):
            (method, path, body) = (
                .post, base + "progress/\(date)/increment/",
                try JSONBody.encode(IncrementBody(amount: amount, note: note))
            )
        case .setEntry(let entry, let note):
            (method, path, body) = (
                .put, base + "progress/\(entry.date)/",
                try JSONBody.encode(
                    ProgressBody(value: entry.value, skipped: entry.skipped, note: note))
            )
        case .deleteEntry(let date):
            (method, path, body) = (.delete, base + "progress/\(date)/", nil)
        }
        var request = request(method, path, query: [], body: body)
        request.setHeader("Idempotency-Key", idempotencyKey)
        if method == .delete { request.setHeader("Prefer", "return=representation") }
        let response = try await deliver(request, reportsUnknownOutcome: true) { request in
            try await self.auth.intercept(request, next: self.chain.send)
        }
        if case .increment(let date, let amount, let note) = write.action,
            response.status == 404 || response.status == 405
        {
            // A server without the increment route answers as for any
            // unknown address; whether the habit exists tells the two apart.
            // Without it the day is read and the sum written, with the key.
            _ = try await habit(id: write.habitID)
            let current = try await progress(habitID: write.habitID, from: date, to: date)
                .first { $0.date == date }
            let sum = SyncWrite(
                habitID: write.habitID,
                action: .setEntry(
                    ProgressEntry(date: date, value: (current?.value ?? 0) + amount), note: note))
            return try await send(sum, idempotencyKey: idempotencyKey)
        }
        guard (200..<300).contains(response.status) else {
            throw APIError(
                response: response, context: write.action.isCreate ? .account : .habit,
                path: request.pathDescription, deviceNow: clock.now())
        }
        if response.status == 204 || response.body.isEmpty { return SyncWriteAnswer() }
        return try Answer(response: response, path: request.pathDescription).decode(
            SyncWriteAnswer.self)
    }

    /// A new key for one change, kept with it in the outbox.
    package static func makeIdempotencyKey() -> String { newIdempotencyKey() }
}

/// What the feed answered.
package enum FeedAnswer: Hashable, Sendable {
    case page(FeedPage)
    case cursorExpired
    case absent
}

/// `{"changes", "cursor", "more"}`.
package struct FeedPage: Hashable, Sendable, Decodable {
    /// Versions as the server sent them (absent from deletions).
    package var changes: [FeedChange<String?>]
    package var cursor: String
    package var more: Bool

    init(changes: [FeedChange<String?>], cursor: String, more: Bool) {
        self.changes = changes
        self.cursor = cursor
        self.more = more
    }

    enum CodingKeys: String, CodingKey { case changes, cursor, more }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // A kind this client does not know (a later contract) is skipped,
        // not a failure of the whole page.
        changes = try c.decode([LenientChange].self, forKey: .changes).compactMap(\.change)
        cursor = try c.decode(String.self, forKey: .cursor)
        more = try c.decode(Bool.self, forKey: .more)
    }

    private struct LenientChange: Decodable {
        var change: FeedChange<String?>?
        init(from decoder: any Decoder) throws {
            change = try FeedChange<String?>.decoded(from: decoder)
        }
    }
}

/// The `version` of a habit or entry object, when the server sends one.
struct Versioned: Decodable {
    var version: String?
}

/// What a write answered: the habit or entry stored (with its version), and
/// what it replaced (`replaced`, `null` when there was nothing).
package struct SyncWriteAnswer: Hashable, Sendable, Decodable {
    package var habit: Habit?
    package var entry: ProgressEntry?
    package var version: String?
    package var replaced: Replaced?

    /// A habit or an entry as it was before the write.
    package struct Replaced: Hashable, Sendable, Decodable {
        package var habit: Habit?
        package var entry: ProgressEntry?
        package var version: String?

        init(habit: Habit? = nil, entry: ProgressEntry? = nil, version: String?) {
            self.habit = habit
            self.entry = entry
            self.version = version
        }

        package init(from decoder: any Decoder) throws {
            habit = try? Habit(from: decoder)
            entry = habit == nil ? try? ProgressEntry(from: decoder) : nil
            version = try Versioned(from: decoder).version
        }
    }

    init(
        habit: Habit? = nil, entry: ProgressEntry? = nil, version: String? = nil,
        replaced: Replaced? = nil
    ) {
        self.habit = habit
        self.entry = entry
        self.version = version
        self.replaced = replaced
    }

    enum CodingKeys: String, CodingKey { case replaced }

    package init(from decoder: any Decoder) throws {
        habit = try? Habit(from: decoder)
        entry = habit == nil ? try? ProgressEntry(from: decoder) : nil
        version = try Versioned(from: decoder).version
        let c = try decoder.container(keyedBy: CodingKeys.self)
        replaced = try c.decodeIfPresent(Replaced.self, forKey: .replaced)
    }
}

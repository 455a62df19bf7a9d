import Foundation
import HabitCore
import HabitHTTP
import HabitStorage

/// `GET /api/me/changes/?since=&limit=`: the user's change feed (sync).
extension APIResponder {
    /// Every habit and entry that changed after `since`, in commit order,
    /// at most `limit`; 410 `cursor_expired` for a cursor the feed cannot
    /// answer from, 400 naming `limit` for a bad limit.
    func listChanges(_ request: HTTPRequest, owner: Int64) throws(APIError) -> HTTPResponse {
        let query = try validated { () throws(ValidationError) in try ChangesQuery(request) }
        let since: FeedCursor?
        switch query.since {
        case .start: since = nil
        case .cursor(let cursor): since = cursor
        case .unreadable: throw .cursorExpired
        }
        let now = now()
        let answer = try stored { () throws(StoreError) in
            try store.changes(owner: owner, since: since, limit: query.limit, now: now)
        }
        guard case .page(let page) = answer else { throw .cursorExpired }
        return JSONBody.response(status: 200, body: ChangeFeedEncoder.encode(page))
    }
}

/// `{"changes": [...], "cursor": "...", "more": …}`.
struct ChangeFeedJSON: Encodable {
    var changes: [ChangeJSON]
    var cursor: String
    var more: Bool

    init(_ page: ChangePage) {
        changes = page.changes.map(ChangeJSON.init)
        cursor = page.cursor.text
        more = page.more
    }
}

/// One change: `{"kind": "habit", "habit"}`, `{"kind": "entry", "habit_id",
/// "entry"}`, `{"kind": "habit_deleted", "habit_id"}` or `{"kind":
/// "entry_deleted", "habit_id", "date"}`.
struct ChangeJSON: Encodable {
    var change: Change

    private enum Keys: String, CodingKey {
        case kind, habit, entry, date
        case habitID = "habit_id"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch change {
        case .habit(let habit):
            try container.encode("habit", forKey: .kind)
            try container.encode(VersionedJSON(habit), forKey: .habit)
        case .entry(let habitID, let entry):
            try container.encode("entry", forKey: .kind)
            try container.encode(habitID, forKey: .habitID)
            try container.encode(VersionedJSON(entry), forKey: .entry)
        case .habitDeleted(let habitID, _):
            try container.encode("habit_deleted", forKey: .kind)
            try container.encode(habitID, forKey: .habitID)
        case .entryDeleted(let habitID, let date, _):
            try container.encode("entry_deleted", forKey: .kind)
            try container.encode(habitID, forKey: .habitID)
            try container.encode(date, forKey: .date)
        }
    }
}

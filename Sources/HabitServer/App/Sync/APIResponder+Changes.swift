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

/// `{"changes": [...], "cursor": "...", "more": …}`, each change as
/// `FeedChange` writes itself.
struct ChangeFeedJSON: Encodable {
    var changes: [Change]
    var cursor: String
    var more: Bool

    init(_ page: ChangePage) {
        changes = page.changes
        cursor = page.cursor.text
        more = page.more
    }
}

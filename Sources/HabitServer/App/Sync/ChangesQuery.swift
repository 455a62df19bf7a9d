import HabitCore
import HabitHTTP
import HabitStorage

/// The query of `GET /api/me/changes/`: `since` and `limit`.
struct ChangesQuery: Hashable, Sendable {
    /// What `since` says.
    enum Since: Hashable, Sendable {
        /// No `since`: a full read.
        case start
        case cursor(FeedCursor)
        /// Not a cursor of ours at all: answered as an expired cursor.
        case unreadable
    }

    var since: Since
    var limit: Int

    static let limitProblem =
        "Enter a whole number from \(ChangeAssembly.limits.lowerBound) to "
        + "\(ChangeAssembly.limits.upperBound)."

    /// Throws naming `limit` when it is not a whole number in range.
    init(_ request: HTTPRequest) throws(ValidationError) {
        if let text = request.queryValue("limit") {
            guard text.count <= 6, text.allSatisfy({ $0 >= "0" && $0 <= "9" }),
                let value = Int(text),
                ChangeAssembly.limits.contains(value)
            else { throw ValidationError(fields: ["limit": [Self.limitProblem]]) }
            limit = value
        } else {
            limit = ChangeAssembly.defaultLimit
        }
        if let text = request.queryValue("since") {
            since = FeedCursor(text: text).map(Since.cursor) ?? .unreadable
        } else {
            since = .start
        }
    }
}

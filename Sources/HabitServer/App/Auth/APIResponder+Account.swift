import Foundation
import HabitCore
import HabitHTTP
import HabitStorage

/// The account routes: `GET` and `PATCH /api/me/`.
extension APIResponder {
    /// `GET /api/me/`: `{"id", "email", "time_zone", "day_starts_at", "limits"}`.
    func account(_ request: HTTPRequest, owner: Int64) throws(APIError) -> HTTPResponse {
        guard let user = try stored({ () throws(StoreError) in try store.user(id: owner) })
        else { throw .tokenNotValid }
        return JSONBody.response(status: 200, AccountBody(user))
    }

    /// `PATCH /api/me/` with `{"time_zone"?, "day_starts_at"?}`: sets the
    /// account's time zone (an IANA name) and when its day starts, and
    /// answers the account. Both are checked before either is stored, so a
    /// bad one changes nothing. Setting the same values again changes
    /// nothing, so it needs no idempotency key.
    func updateAccount(_ request: HTTPRequest, owner: Int64) throws(APIError) -> HTTPResponse {
        let object = try bodyObject(request)
        let changes = try validated { () throws(ValidationError) in
            try AccountInput.changes(from: object)
        }
        var user: User?
        if let zone = changes.timeZone {
            user = try stored { () throws(StoreError) in try store.setTimeZone(zone, userID: owner)
            }
            guard user != nil else { throw .tokenNotValid }
        }
        if let boundary = changes.dayStartsAt {
            user = try stored { () throws(StoreError) in
                try store.setDayStartsAt(boundary, userID: owner)
            }
        }
        guard let user else { throw .tokenNotValid }
        return JSONBody.response(status: 200, AccountBody(user))
    }
}

/// The account as the API shows it; `time_zone` is always there, `UTC`
/// for an account that set none, and so is `day_starts_at`, `00:00` for
/// one whose days end at midnight. `limits` are the owner's limits
/// (`Habit.maximumActiveCount`, `Habit.maximumTotalCount`), sent so a
/// client shows them rather than keeping a copy that could drift.
struct AccountBody: Encodable {
    var id: Int64
    var email: String
    var timeZone: String
    var dayStartsAt: String
    var limits = Limits()

    /// The limits every account has: active habits, and habits in all
    /// (archived ones included).
    struct Limits: Encodable {
        var activeHabits = Habit.maximumActiveCount
        var habits = Habit.maximumTotalCount

        enum CodingKeys: String, CodingKey {
            case activeHabits = "active_habits"
            case habits
        }
    }

    init(_ user: User) {
        id = user.id
        email = user.email
        timeZone = user.timeZone ?? User.defaultZoneName
        dayStartsAt = user.dayStartsAt.text
    }

    enum CodingKeys: String, CodingKey {
        case id, email, limits
        case timeZone = "time_zone"
        case dayStartsAt = "day_starts_at"
    }
}

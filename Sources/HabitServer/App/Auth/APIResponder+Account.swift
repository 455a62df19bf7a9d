import Foundation
import HabitCore
import HabitHTTP
import HabitStorage

/// The account routes: `GET` and `PATCH /api/me/`.
extension APIResponder {
    /// `GET /api/me/`: `{"id", "email", "time_zone", "limits"}`.
    func account(_ request: HTTPRequest, owner: Int64) throws(APIError) -> HTTPResponse {
        guard let user = try stored({ () throws(StoreError) in try store.user(id: owner) })
        else { throw .tokenNotValid }
        return JSONBody.response(status: 200, AccountBody(user))
    }

    /// `PATCH /api/me/` with `{"time_zone"}`: sets the account's time zone
    /// (an IANA name) and answers the account. Setting the same zone again
    /// changes nothing, so it needs no idempotency key.
    func updateAccount(_ request: HTTPRequest, owner: Int64) throws(APIError) -> HTTPResponse {
        let object = try bodyObject(request)
        let zone = try validated { () throws(ValidationError) in
            try AccountInput.timeZone(from: object)
        }
        guard
            let user = try stored({ () throws(StoreError) in
                try store.setTimeZone(zone, userID: owner)
            })
        else { throw .tokenNotValid }
        return JSONBody.response(status: 200, AccountBody(user))
    }
}

/// The account as the API shows it; `time_zone` is always there, `UTC`
/// for an account that set none. `limits` are the owner's limits
/// (`Habit.maximumActiveCount`, `Habit.maximumTotalCount`), sent so a
/// client shows them rather than keeping a copy that could drift.
struct AccountBody: Encodable {
    var id: Int64
    var email: String
    var timeZone: String
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
    }

    enum CodingKeys: String, CodingKey {
        case id, email, limits
        case timeZone = "time_zone"
    }
}

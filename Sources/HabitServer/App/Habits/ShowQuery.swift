import HabitCore
import HabitHTTP

/// The query of `GET /api/me/habits/{id}/`: `today`, the date the habit's
/// stats are as of.
struct ShowQuery: Hashable, Sendable {
    /// The client's local date, deciding pending/failed and the periods the
    /// stats count; the account's date when absent (`accountToday`).
    var today: LocalDate?

    init(_ request: HTTPRequest) throws(ValidationError) {
        var errors = ValidationError()
        today = QueryDates.optional("today", in: request, errors: &errors)
        if !errors.isEmpty { throw errors }
    }
}

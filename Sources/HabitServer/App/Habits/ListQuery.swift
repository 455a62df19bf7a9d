import HabitCore
import HabitHTTP

/// The query of `GET /api/me/habits/`: `status`, `date` and `today`.
///
/// Every bad value is reported together, each under its parameter's name.
struct ListQuery: Hashable, Sendable {
    var status: HabitStatusFilter = .active
    /// The day whose period `completion_data` describes; none when absent.
    var date: LocalDate?
    /// The client's local date, deciding pending/failed/future; the
    /// account's date when absent (`accountToday`).
    var today: LocalDate?

    init(status: HabitStatusFilter = .active, date: LocalDate? = nil, today: LocalDate? = nil) {
        self.status = status
        self.date = date
        self.today = today
    }

    init(_ request: HTTPRequest) throws(ValidationError) {
        var errors = ValidationError()
        if let text = request.queryValue("status") {
            // Matched exactly, like the enums of request bodies.
            if let status = HabitStatusFilter(rawValue: text) {
                self.status = status
            } else {
                errors.add(["Choose one of ACTIVE, ARCHIVED, ALL (in capitals)."], to: "status")
            }
        }
        date = QueryDates.optional("date", in: request, errors: &errors)
        today = QueryDates.optional("today", in: request, errors: &errors)
        if !errors.isEmpty { throw errors }
    }
}

/// The query of `GET /api/me/habits/{id}/progress/`: `from` and `to`, both
/// required, `to` not before `from`, at most `ProgressEntry.maximumRangeDays` days apart.
struct ProgressRangeQuery: Hashable, Sendable {
    var from: LocalDate
    var to: LocalDate

    init(_ request: HTTPRequest) throws(ValidationError) {
        var errors = ValidationError()
        let from = QueryDates.required("from", in: request, errors: &errors)
        let to = QueryDates.required("to", in: request, errors: &errors)
        if let from, let to {
            if to < from {
                errors.add(["Must be on or after from."], to: "to")
            } else if from.days(to: to) > ProgressEntry.maximumRangeDays {
                errors.add(
                    ["The range may span at most \(ProgressEntry.maximumRangeDays) days."], to: "to"
                )
            }
        }
        guard let from, let to, errors.isEmpty else { throw errors }
        self.from = from
        self.to = to
    }
}

/// Reads `YYYY-MM-DD` query parameters.
enum QueryDates {
    static let problem = "Enter a valid date as YYYY-MM-DD."

    static func optional(_ name: String, in request: HTTPRequest, errors: inout ValidationError)
        -> LocalDate?
    {
        guard let text = request.queryValue(name) else { return nil }
        guard let date = LocalDate(text) else {
            errors.add([problem], to: name)
            return nil
        }
        return date
    }

    static func required(_ name: String, in request: HTTPRequest, errors: inout ValidationError)
        -> LocalDate?
    {
        guard request.queryValue(name) != nil else {
            errors.add(["This query parameter is required."], to: name)
            return nil
        }
        return optional(name, in: request, errors: &errors)
    }
}

import HabitCore
import HabitHTTP

/// The query of `GET /api/me/habits/{id}/history/`: `from`, `to` and
/// `today`, each optional.
///
/// Each given date must be `YYYY-MM-DD` (400 naming it). `today` defaults to
/// the account's date (`accountToday`), `to` to `today`, and `from` to the
/// later of the habit's start date and 364 days before `to` (a year), but
/// never after `to` (a range ending before the start is the one day `to`,
/// which holds nothing). `from` after `to`, or more than
/// `maximumRangeDays` before it, is 400 naming `to` (`from` when only
/// `from` was given), as for the progress range.
struct HistoryQuery: Hashable, Sendable {
    /// The longest range asked for, in days from `from` to `to`: a hundred
    /// years and some, which bounds the answer.
    static let maximumRangeDays = 36_600
    /// How far before `to` a range without `from` begins: a year.
    static let defaultSpanDays = 364

    var from: LocalDate?
    var to: LocalDate?
    /// The client's local date, deciding pending/failed/future; the
    /// account's date when absent.
    var today: LocalDate?

    init(from: LocalDate? = nil, to: LocalDate? = nil, today: LocalDate? = nil) {
        self.from = from
        self.to = to
        self.today = today
    }

    /// Reads the three dates; a date that is not `YYYY-MM-DD` is a problem
    /// under its name, every one reported together.
    init(_ request: HTTPRequest) throws(ValidationError) {
        var errors = ValidationError()
        from = QueryDates.optional("from", in: request, errors: &errors)
        to = QueryDates.optional("to", in: request, errors: &errors)
        today = QueryDates.optional("today", in: request, errors: &errors)
        if !errors.isEmpty { throw errors }
    }

    /// The range a report covers for a habit that starts on `start`, as of
    /// `today` (the query's, or the account's date when it has none), with
    /// the defaults filled in.
    func range(start: LocalDate, today: LocalDate) throws(ValidationError) -> HistoryRange {
        let to = self.to ?? today
        guard let from else {
            let yearBefore = to.adding(days: -Self.defaultSpanDays)
            return HistoryRange(from: min(max(start, yearBefore), to), to: to, today: today)
        }
        // The parameter the client gave last is the one named, so a `from`
        // past the date `to` defaults to is not blamed on a `to` never sent.
        let named = self.to == nil ? "from" : "to"
        var errors = ValidationError()
        if to < from {
            errors.add(
                [self.to == nil ? "Must be on or before today." : "Must be on or after from."],
                to: named)
        } else if from.days(to: to) > Self.maximumRangeDays {
            errors.add(["The range may span at most \(Self.maximumRangeDays) days."], to: named)
        }
        if !errors.isEmpty { throw errors }
        return HistoryRange(from: from, to: to, today: today)
    }
}

/// The dates a history report is worked out for, every default filled in:
/// `from` on or before `to`.
struct HistoryRange: Hashable, Sendable {
    var from: LocalDate
    var to: LocalDate
    var today: LocalDate
}

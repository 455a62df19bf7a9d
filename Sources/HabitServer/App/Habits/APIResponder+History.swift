import HabitCore
import HabitHTTP
import HabitStorage

/// The history route: a habit's periods, streaks, totals and weekday
/// profile over a range of dates, as HabitCore works them out.
extension APIResponder {
    /// `GET /api/me/habits/{id}/history/?from=&to=&today=`: the habit's
    /// `HistoryReport` for the range `HistoryQuery` makes of the query (a
    /// year up to the account's date when it has none), read through the
    /// same repository call as local mode and the replica.
    ///
    /// Another owner's habit, or none, is 404; a query the rules refuse is
    /// 400 naming its parameter.
    func habitHistory(_ request: HTTPRequest, owner: Int64, habitID: Int64) throws(APIError)
        -> HTTPResponse
    {
        let query = try validated { () throws(ValidationError) in try HistoryQuery(request) }
        let habit = try ownedHabit(id: habitID, owner: owner)
        let today: LocalDate
        if let given = query.today {
            today = given
        } else {
            today = try accountToday(owner: owner)
        }
        let range = try validated { () throws(ValidationError) in
            try query.range(start: habit.startDate, today: today)
        }
        // Every entry from the start is read: the strength after each
        // period is walked from the start date (`HistoryReport`).
        let report = try stored { () throws(StoreError) in
            try store.historyReport(
                of: habit, owner: owner, from: range.from, to: range.to, today: range.today)
        }
        guard let report else { throw .habitNotFound }
        return JSONBody.response(status: 200, body: HistoryReportEncoder.encode(report))
    }
}

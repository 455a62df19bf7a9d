import Foundation
import HabitCore

/// A habit's history route (`/api/me/habits/{id}/history/`).
extension HabitAPIClient {
    /// The habit's history from `from` through `to` as of `today`
    /// (`HistoryReport`, the route's answer as it is), each date sent only
    /// when given: the server then takes the account's today, `to` = today
    /// and `from` = the later of the start date and a year before `to`.
    /// - Throws: `.notSupported` when the server has no such route (the
    ///   habit exists but the route answers 404 or 405); `.notFound` when
    ///   the habit does not exist.
    package func history(
        habitID: Int64, from: LocalDate? = nil, to: LocalDate? = nil, today: LocalDate? = nil
    ) async throws(APIError) -> HistoryReport {
        let path = "me/habits/\(habitID)/history/"
        var query: [(name: String, value: String)] = []
        if let from { query.append((name: "from", value: from.description)) }
        if let to { query.append((name: "to", value: to.description)) }
        if let today { query.append((name: "today", value: today.description)) }
        let answer: Answer
        do throws(APIError) {
            answer = try await sendAuthenticated(.get, path, query: query, context: .habit)
        } catch .notFound, .rejected(status: 405, _), .unexpectedResponse(status: 405, _),
            .unexpectedResponse(status: 404, _)
        {
            // An older server answers as for any unknown address; whether
            // the habit exists tells the two apart.
            _ = try await habit(id: habitID)
            throw .notSupported(path: TransportRequest.pathDescription(of: configuration.url(path)))
        }
        return try answer.decode(HistoryReport.self)
    }
}

import Foundation
import HabitCore

extension HabitAPIClient {
    /// Replaces the entries of many days of one habit in one request
    /// (`PUT …/progress/` with `{"entries": […]}`), all or nothing on the
    /// server; returns how many were written. At most
    /// `ProgressEntry.maximumBatchEntries` entries. Repeating it changes nothing, so it is
    /// retried after a broken connection like any PUT.
    /// - Throws: `.notSupported` when the server has no such route (the habit
    ///   exists but the route answers 404 or 405); `.notFound` when the habit
    ///   does not exist.
    package func setProgressBatch(habitID: Int64, entries: [ProgressEntry]) async throws(APIError)
        -> Int
    {
        let path = "me/habits/\(habitID)/progress/"
        let response: Answer
        do throws(APIError) {
            response = try await sendAuthenticated(
                .put, path,
                body: try JSONBody.encode(
                    BatchBody(
                        entries: entries.map {
                            BatchEntry(
                                date: $0.date, value: $0.value, skipped: $0.skipped,
                                note: $0.note)
                        })),
                context: .habit)
        } catch .notFound, .rejected(status: 405, _), .unexpectedResponse(status: 405, _),
            .unexpectedResponse(status: 404, _)
        {
            // As for the increment: a server without the route answers as for
            // an unknown address, and whether the habit exists tells them apart.
            _ = try await habit(id: habitID)
            throw .notSupported(path: TransportRequest.pathDescription(of: configuration.url(path)))
        }
        return try response.decode(BatchCount.self).count
    }
}

/// `{"entries": [{"date", "value", "skipped", "note"?}]}`.
private struct BatchBody: Encodable {
    var entries: [BatchEntry]
}

private struct BatchEntry: Encodable {
    var date: LocalDate
    var value: Decimal
    var skipped: Bool
    /// Left out when `nil`: the entry then has no note (a server without
    /// notes ignores the field either way).
    var note: String?
}

/// `{"count"}`.
private struct BatchCount: Decodable {
    var count: Int
}

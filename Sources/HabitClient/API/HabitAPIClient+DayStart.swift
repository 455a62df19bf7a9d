import Foundation
import HabitCore

extension HabitAPIClient {
    /// When the account's day ends (`GET /api/me/`'s `day_starts_at`,
    /// rule 7 of the StatusRules article); `nil` when the server keeps no
    /// day boundary (its answer lacks the field).
    package func accountDayStart() async throws(APIError) -> DayBoundary? {
        let response = try await sendAuthenticated(.get, "me/", context: .account)
        return try response.decode(DayStartBody.self).dayStartsAt
    }

    /// Sets when the account's day ends (`PATCH /api/me/` with
    /// `{"day_starts_at"}`), which every device, the web app and the
    /// server's reminders, digest and calendar feed then share; returns the
    /// boundary the server now holds. Repeating it changes nothing.
    /// - Throws: `.notSupported` when the server keeps no day boundary (the
    ///   route answers 405, or its answer lacks the field); `.validation`
    ///   naming `day_starts_at` for a time it refuses.
    @discardableResult
    package func setAccountDayStart(_ boundary: DayBoundary) async throws(APIError) -> DayBoundary {
        let path = "me/"
        let response: Answer
        do throws(APIError) {
            response = try await sendAuthenticated(
                .patch, path, body: try JSONBody.encode(DayStartBody(dayStartsAt: boundary)),
                context: .account)
        } catch .rejected(status: 405, _), .unexpectedResponse(status: 405, _) {
            throw .notSupported(path: TransportRequest.pathDescription(of: configuration.url(path)))
        }
        // A server that ignored the field answers without it.
        guard let held = try response.decode(DayStartBody.self).dayStartsAt else {
            throw .notSupported(path: TransportRequest.pathDescription(of: configuration.url(path)))
        }
        return held
    }
}

/// `{"day_starts_at"}`.
private struct DayStartBody: Codable {
    var dayStartsAt: DayBoundary?

    enum CodingKeys: String, CodingKey {
        case dayStartsAt = "day_starts_at"
    }
}

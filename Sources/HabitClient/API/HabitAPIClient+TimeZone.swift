import Foundation

extension HabitAPIClient {
    /// The account's time zone (`GET /api/me/`'s `time_zone`), `nil` when
    /// the server does not keep one.
    package func accountTimeZone() async throws(APIError) -> String? {
        let response = try await sendAuthenticated(.get, "me/", context: .account)
        return try response.decode(TimeZoneBody.self).timeZone
    }

    /// Sets the account's time zone (`PATCH /api/me/` with `{"time_zone"}`),
    /// an IANA name such as `Europe/Berlin`, which the server uses for the
    /// date of its own doings (calendar feed, check-in URL, reminders);
    /// returns the zone the server now holds. Repeating it changes nothing.
    /// - Throws: `.notSupported` when the server keeps no time zone (the
    ///   route answers 405); `.validation` naming `time_zone` for a name it
    ///   does not know.
    @discardableResult
    package func setAccountTimeZone(_ identifier: String) async throws(APIError) -> String {
        let path = "me/"
        let response: Answer
        do throws(APIError) {
            response = try await sendAuthenticated(
                .patch, path, body: try JSONBody.encode(TimeZoneBody(timeZone: identifier)),
                context: .account)
        } catch .rejected(status: 405, _), .unexpectedResponse(status: 405, _) {
            throw .notSupported(path: TransportRequest.pathDescription(of: configuration.url(path)))
        }
        guard let zone = try response.decode(TimeZoneBody.self).timeZone else {
            throw .unexpectedResponse(status: response.response.status, path: response.path)
        }
        return zone
    }
}

/// `{"time_zone"}`.
private struct TimeZoneBody: Codable {
    var timeZone: String?

    enum CodingKeys: String, CodingKey {
        case timeZone = "time_zone"
    }
}

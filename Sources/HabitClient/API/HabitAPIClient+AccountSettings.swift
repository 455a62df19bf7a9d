import Foundation
import HabitCore

/// The account's settings as `/api/me/` answers them: its time zone and
/// when its day ends. A server that does not keep one answers without it.
struct AccountSettings: Codable {
    var timeZone: String?
    var dayStartsAt: DayBoundary?

    enum CodingKeys: String, CodingKey {
        case timeZone = "time_zone"
        case dayStartsAt = "day_starts_at"
    }

    // Only the settings given are sent: a PATCH leaves the others alone.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(timeZone, forKey: .timeZone)
        try container.encodeIfPresent(dayStartsAt, forKey: .dayStartsAt)
    }
}

extension HabitAPIClient {
    /// The account's time zone (`GET /api/me/`'s `time_zone`), `nil` when
    /// the server does not keep one.
    package func accountTimeZone() async throws(APIError) -> String? {
        try await accountSettings().timeZone
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
        let (held, answer) = try await updateAccountSettings(AccountSettings(timeZone: identifier))
        guard let zone = held.timeZone else {
            throw .unexpectedResponse(status: answer.response.status, path: answer.path)
        }
        return zone
    }

    /// When the account's day ends (`GET /api/me/`'s `day_starts_at`,
    /// rule 7 of the StatusRules article); `nil` when the server keeps no
    /// day boundary (its answer lacks the field).
    package func accountDayStart() async throws(APIError) -> DayBoundary? {
        try await accountSettings().dayStartsAt
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
        let (held, _) = try await updateAccountSettings(AccountSettings(dayStartsAt: boundary))
        // A server that ignored the field answers without it.
        guard let boundary = held.dayStartsAt else { throw .notSupported(path: accountPath) }
        return boundary
    }

    /// `GET /api/me/`.
    private func accountSettings() async throws(APIError) -> AccountSettings {
        try await sendAuthenticated(.get, "me/", context: .account).decode(AccountSettings.self)
    }

    /// `PATCH /api/me/` with the settings `change` gives; what the server
    /// then holds, and its answer. A 405 is a server without the settings.
    private func updateAccountSettings(_ change: AccountSettings) async throws(APIError)
        -> (AccountSettings, Answer)
    {
        let answer: Answer
        do throws(APIError) {
            answer = try await sendAuthenticated(
                .patch, "me/", body: try JSONBody.encode(change), context: .account)
        } catch .rejected(status: 405, _), .unexpectedResponse(status: 405, _) {
            throw .notSupported(path: accountPath)
        }
        return (try answer.decode(AccountSettings.self), answer)
    }

    /// The account route's path, as errors name it.
    private var accountPath: String {
        TransportRequest.pathDescription(of: configuration.url("me/"))
    }
}

import Foundation

/// The daily digest route (`/api/me/digest/`).
extension HabitAPIClient {
    private struct DigestBody: Codable {
        var time: String?
    }

    /// The account's digest time (`HH:MM`), `nil` when off.
    package func digestTime() async throws(APIError) -> String? {
        let response = try await sendAuthenticated(.get, "me/digest/", context: .account)
        return try response.decode(DigestBody.self).time
    }

    /// Sets the account's digest time; answers the time set.
    package func setDigestTime(_ time: String) async throws(APIError) -> String? {
        let body = try JSONBody.encode(DigestBody(time: time))
        let response = try await sendAuthenticated(
            .put, "me/digest/", body: body, context: .account)
        return try response.decode(DigestBody.self).time
    }

    /// Turns the account's digest off.
    package func deleteDigest() async throws(APIError) {
        _ = try await sendAuthenticated(.delete, "me/digest/", context: .account)
    }
}

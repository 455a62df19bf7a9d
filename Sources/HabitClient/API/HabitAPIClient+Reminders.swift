import Foundation

/// A reminder time of a habit on the server (`/api/me/habits/{id}/reminders/`).
package struct ServerReminder: Decodable, Hashable, Sendable {
    package var id: Int64
    package var habitID: Int64
    /// `HH:MM` in the account's time zone.
    package var time: String
    package var channelID: Int64?
    package var webhookID: Int64?

    enum CodingKeys: String, CodingKey {
        case id, time
        case habitID = "habit_id"
        case channelID = "channel_id"
        case webhookID = "webhook_id"
    }
}

/// A reminder channel on the server: mail or an ntfy topic, with its last error.
package struct ServerChannel: Decodable, Hashable, Sendable {
    package var id: Int64
    package var kind: String
    package var url: String?
    package var lastError: String?

    enum CodingKeys: String, CodingKey {
        case id, kind, url
        case lastError = "last_error"
    }
}

/// The reminder and channel routes of server reminders.
extension HabitAPIClient {
    /// Every reminder of the account.
    package func reminders() async throws(APIError) -> [ServerReminder] {
        let response = try await sendAuthenticated(.get, "me/reminders/", context: .account)
        return try response.decode(ListBody<ServerReminder>.self).data
    }

    /// Adds a reminder time to a habit, through one channel or webhook or
    /// (neither) all of the account's channels.
    package func addReminder(habitID: Int64, time: String, channelID: Int64?, webhookID: Int64?)
        async throws(APIError) -> ServerReminder
    {
        struct Body: Encodable {
            var time: String
            var channelID: Int64?
            var webhookID: Int64?

            enum CodingKeys: String, CodingKey {
                case time
                case channelID = "channel_id"
                case webhookID = "webhook_id"
            }
        }
        let body = try JSONBody.encode(Body(time: time, channelID: channelID, webhookID: webhookID))
        let response = try await sendAuthenticated(
            .post, "me/habits/\(habitID)/reminders/", body: body, context: .habit)
        return try response.decode(ServerReminder.self)
    }

    /// Removes one reminder time of a habit.
    package func deleteReminder(habitID: Int64, id: Int64) async throws(APIError) {
        _ = try await sendAuthenticated(
            .delete, "me/habits/\(habitID)/reminders/\(id)/", context: .habit)
    }

    /// The account's channels.
    package func channels() async throws(APIError) -> [ServerChannel] {
        let response = try await sendAuthenticated(.get, "me/channels/", context: .account)
        return try response.decode(ListBody<ServerChannel>.self).data
    }

    /// Adds (or finds) a channel: `mail`, or `ntfy` with its topic URL.
    package func addChannel(kind: String, url: String?) async throws(APIError) -> ServerChannel {
        struct Body: Encodable {
            var kind: String
            var url: String?
        }
        let response = try await sendAuthenticated(
            .post, "me/channels/", body: try JSONBody.encode(Body(kind: kind, url: url)),
            context: .account)
        return try response.decode(ServerChannel.self)
    }
}

/// `{"data": [...]}`, the envelope of the API's lists.
private struct ListBody<Element: Decodable>: Decodable {
    var data: [Element]
}

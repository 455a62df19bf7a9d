import Foundation
import HabitCore

/// The JSON of one event, as webhooks receive it and as the outbox keeps it:
/// `{"id", "type", "created", "data"}`. Receivers deduplicate by `id`.
struct WebhookEvent<Payload: Encodable>: Encodable {
    var id: String
    var type: String
    /// RFC 3339, UTC.
    var created: String
    var data: Payload

    init(id: String, type: String, created: Date, data: Payload) {
        self.id = id
        self.type = type
        self.created = RFC3339.string(from: created)
        self.data = data
    }

    /// The event as compact JSON text with sorted keys.
    var json: String {
        String(decoding: json(with: Self.encoder()), as: UTF8.self)
    }

    /// The encoder of `json`, for a caller encoding many events.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// `json`'s bytes, encoded by `encoder` (one of `encoder()`).
    func json(with encoder: JSONEncoder) -> Data {
        // Every field is a string, a number or such a struct: cannot fail.
        (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}

/// `reminder.due`'s data.
struct ReminderDueData: Codable, Hashable {
    var habitID: Int64
    var habitName: String
    var date: String
    var time: String
    var timeZone: String

    enum CodingKeys: String, CodingKey {
        case habitID = "habit_id"
        case habitName = "habit_name"
        case date, time
        case timeZone = "time_zone"
    }
}

/// `entry.changed`'s and `habit.changed`'s data.
struct ChangeData: Encodable {
    var habitID: Int64
    /// `created`, `updated`, `deleted`.
    var action: String
    /// The entry's day (`entry.changed`); nil for a habit or a batch.
    var date: String?

    enum CodingKeys: String, CodingKey {
        case habitID = "habit_id"
        case action, date
    }
}

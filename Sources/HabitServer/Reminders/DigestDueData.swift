/// `digest.due`'s data: the day's planned habits not yet done or skipped.
struct DigestDueData: Codable, Hashable {
    struct Item: Codable, Hashable {
        var habitID: Int64
        var habitName: String

        enum CodingKeys: String, CodingKey {
            case habitID = "habit_id"
            case habitName = "habit_name"
        }
    }

    var date: String
    var time: String
    var timeZone: String
    var habits: [Item]

    enum CodingKeys: String, CodingKey {
        case date, time, habits
        case timeZone = "time_zone"
    }
}

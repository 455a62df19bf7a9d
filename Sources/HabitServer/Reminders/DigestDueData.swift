/// `digest.due`'s data: the day's planned habits not yet done or skipped,
/// and the at-most habits already over their limit in the period holding
/// the day (`over_limit`, left out when there is none).
struct DigestDueData: Codable, Hashable {
    struct Item: Codable, Hashable {
        var habitID: Int64
        var habitName: String
        /// An over-limit habit's period value, target and unit, as
        /// HabitCore's `CompletionData` has them; `nil` for a habit to do.
        var current: String?
        var target: String?
        var unit: String?

        enum CodingKeys: String, CodingKey {
            case habitID = "habit_id"
            case habitName = "habit_name"
            case current, target, unit
        }
    }

    var date: String
    var time: String
    var timeZone: String
    var habits: [Item]
    /// `nil` (not written) when no habit is over its limit, so the data of
    /// a digest of the first model's habits is as it was.
    var overLimit: [Item]? = nil

    enum CodingKeys: String, CodingKey {
        case date, time, habits
        case timeZone = "time_zone"
        case overLimit = "over_limit"
    }
}

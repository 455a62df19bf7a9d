import Foundation

/// One change of a change feed: a habit or a day's entry as it is now, or
/// the mark of its deletion, with its version.
///
/// One type for the server that assembles the feed and the client that
/// reads it; only the version differs. The server's is the change number
/// (`Int64`), which orders the feed and makes its cursor; the wire carries
/// it as text a client treats as opaque (`String?`: absent from a deletion,
/// and from a server without versions). On the wire: `{"kind": "habit",
/// "habit"}`, `{"kind": "entry", "habit_id", "entry"}`, `{"kind":
/// "habit_deleted", "habit_id"}` or `{"kind": "entry_deleted", "habit_id",
/// "date"}`, a habit or entry object holding its `"version"`.
package enum FeedChange<Version: Hashable & Sendable>: Hashable, Sendable {
    case habit(Habit, version: Version)
    case entry(habitID: Int64, ProgressEntry, version: Version)
    /// The habit and all its entries are gone.
    case habitDeleted(habitID: Int64, version: Version)
    case entryDeleted(habitID: Int64, date: LocalDate, version: Version)

    /// The habit the change is about.
    package var habitID: Int64 {
        switch self {
        case .habit(let habit, _): return habit.id
        case .entry(let id, _, _), .habitDeleted(let id, _), .entryDeleted(let id, _, _): return id
        }
    }

    /// The change's version.
    package var version: Version {
        switch self {
        case .habit(_, let version), .entry(_, _, let version), .habitDeleted(_, let version),
            .entryDeleted(_, _, let version):
            return version
        }
    }

    enum CodingKeys: String, CodingKey {
        case kind, habit, entry, date
        case habitID = "habit_id"
    }
}

/// The server's writing of a change, its number as the version's text; a
/// deletion's number is not sent (it only places the change in the feed).
extension FeedChange: Encodable where Version == Int64 {
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .habit(let habit, let version):
            try container.encode("habit", forKey: .kind)
            try container.encode(
                ValueWithVersion(value: habit, version: String(version)), forKey: .habit)
        case .entry(let habitID, let entry, let version):
            try container.encode("entry", forKey: .kind)
            try container.encode(habitID, forKey: .habitID)
            try container.encode(
                ValueWithVersion(value: entry, version: String(version)), forKey: .entry)
        case .habitDeleted(let habitID, _):
            try container.encode("habit_deleted", forKey: .kind)
            try container.encode(habitID, forKey: .habitID)
        case .entryDeleted(let habitID, let date, _):
            try container.encode("entry_deleted", forKey: .kind)
            try container.encode(habitID, forKey: .habitID)
            try container.encode(date, forKey: .date)
        }
    }
}

/// The client's reading of a change.
extension FeedChange where Version == String? {
    /// The change in `decoder`, or `nil` for a kind this client does not know.
    package static func decoded(from decoder: any Decoder) throws -> Self? {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .kind) {
        case "habit":
            let habit = try c.decode(ValueWithVersion<Habit>.self, forKey: .habit)
            return .habit(habit.value, version: habit.version)
        case "entry":
            // Decoded once with its version: nearly every change of a full read.
            let entry = try c.decode(ValueWithVersion<ProgressEntry>.self, forKey: .entry)
            return .entry(
                habitID: try c.decode(Int64.self, forKey: .habitID), entry.value,
                version: entry.version)
        case "habit_deleted":
            return .habitDeleted(
                habitID: try c.decode(Int64.self, forKey: .habitID), version: nil)
        case "entry_deleted":
            return .entryDeleted(
                habitID: try c.decode(Int64.self, forKey: .habitID),
                date: try c.decode(LocalDate.self, forKey: .date), version: nil)
        default:
            return nil
        }
    }
}

/// A habit or entry object and its `version`, in one JSON object.
struct ValueWithVersion<Value: Codable>: Codable {
    var value: Value
    var version: String?

    private enum Keys: String, CodingKey { case version }

    init(value: Value, version: String?) {
        self.value = value
        self.version = version
    }

    init(from decoder: any Decoder) throws {
        value = try Value(from: decoder)
        version = try decoder.container(keyedBy: Keys.self).decodeIfPresent(
            String.self, forKey: .version)
    }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(version, forKey: .version)
    }
}

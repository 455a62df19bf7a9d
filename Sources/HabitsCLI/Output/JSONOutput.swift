import Foundation
import HabitCore

/// The `--json` output: stable shapes, pretty-printed with sorted keys.
///
/// Dates are `YYYY-MM-DD`, timestamps RFC 3339 UTC, numbers JSON numbers
/// (decimals exact: `0.8`, never `0.80000001`). A habit is the API's Habit
/// object: `{"id", "name", "frequency": "DAILY"|"WEEKLY"|"MONTHLY"|"EVERY_N_DAYS",
/// "measurement_type", "start_date", "action_days": [1…7], "target_value",
/// "goal": "AT_LEAST"|"AT_MOST", "period_days"?, "group"?, "status":
/// "ACTIVE"|"ARCHIVED", "icon"?, "color"?, "position"?, "created_at"?, "updated_at"?}`
/// (`goal` always; `period_days` only for EVERY_N_DAYS; group, icon,
/// color and position only when set). A completion is
/// `{"target", "current", "remaining", "state"}` with state one of "done",
/// "pending", "skipped", "failed", "future", "rest", "before_start".
///
/// - `list`: `{"date", "mode": "local"|"server", "cached_at": timestamp|null,
///   "habits": [Habit + {"completion_data": completion, "current_streak"}]}`,
///   habits ordered by id.
/// - `remind`: the same shape as `list`, with only the habits still to do.
/// - `show`: `{"habit": Habit, "date", "completion_data": completion,
///   "stats": {"current_streak", "longest_streak", "success_count",
///   "failed_count", "skipped_count", "completion_rate": number|null},
///   "months": [{"month": "YYYY-MM", "days": [{"date", "state",
///   "value": number|null, "skipped"}]}]}`.
/// - `show --trend`: the `HistoryReport`, as the server's history route answers it.
/// - `done`, `set`, `skip`, `undo`: `{"habit": Habit, "date", "entry":
///   {"date", "value", "skipped"}|null, "completion_data": completion,
///   "current_streak", "target_reached": bool}` (`target_reached`: this
///   command made the period reach its target).
/// - `add`, `edit`, `archive`, `unarchive`: the Habit.
/// - `delete`: `{"deleted": Habit}`.
/// - `status`: `{"mode", "database": path|null, "server": url|null,
///   "server_source": "flag"|"environment"|"config"|null, "account":
///   email|null, "session": "valid"|"expired"|"signed_out"|null,
///   "credentials": text|null, "day_starts_at": "HH:MM"}`.
/// - `config get`: `{"key", "value": text|null}`; `config list`: `{key: value}`.
/// - `auth email`: `{"email", "code_sent": true}`; `verify`: `{"email",
///   "signed_in": true}`; `logout`: `{"signed_out": true}`.
///
/// Errors are never JSON: they go to standard error as text, and the exit
/// status tells a script what happened.
enum JSONOutput {
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return tidied(String(decoding: try encoder.encode(value), as: UTF8.self)) + "\n"
    }

    /// Pretty-printed JSON in the one layout every output uses: an empty
    /// array or object as `[]` or `{}` (Foundation writes an empty line
    /// inside), and the characters a terminal may act on that JSONEncoder
    /// leaves raw (DEL, C1 controls, line and paragraph separators,
    /// bidirectional controls) as `\uXXXX` escapes: the same data, safe to
    /// show.
    static func tidied(_ json: String) -> String {
        var output = String.UnicodeScalarView()
        var pendingOpen: Unicode.Scalar?
        var pendingSpace = String.UnicodeScalarView()
        var inString = false
        var escaped = false
        for scalar in json.unicodeScalars {
            if inString {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    inString = false
                } else if needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    output.append(
                        contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                            .unicodeScalars)
                    continue
                }
                output.append(scalar)
                continue
            }
            if let open = pendingOpen {
                if scalar == " " || scalar == "\n" {
                    pendingSpace.append(scalar)
                    continue
                }
                pendingOpen = nil
                let empty = (open == "[" && scalar == "]") || (open == "{" && scalar == "}")
                if !empty { output.append(contentsOf: pendingSpace) }
                pendingSpace = String.UnicodeScalarView()
            }
            output.append(scalar)
            if scalar == "[" || scalar == "{" { pendingOpen = scalar }
            if scalar == "\"" { inString = true }
        }
        output.append(contentsOf: pendingSpace)
        return String(output)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return true
        default:
            return false
        }
    }

    /// A completion with `remaining` spelled out.
    struct Completion: Encodable {
        var completion: CompletionData

        enum CodingKeys: String, CodingKey { case target, current, remaining, state }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(completion.target, forKey: .target)
            try container.encode(completion.current, forKey: .current)
            try container.encode(completion.remaining, forKey: .remaining)
            try container.encode(completion.state, forKey: .state)
        }
    }

    /// A habit with its completion and current streak, flattened into one object.
    struct OverviewHabit: Encodable {
        var item: HabitOverview.Item

        enum CodingKeys: String, CodingKey {
            case completion = "completion_data"
            case currentStreak = "current_streak"
            case strength
        }

        func encode(to encoder: any Encoder) throws {
            try item.habit.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(Completion(completion: item.completion), forKey: .completion)
            try container.encode(item.currentStreak, forKey: .currentStreak)
            try container.encode(item.strength.map(JSONOutput.strength), forKey: .strength)
        }
    }

    /// `list` and `remind`.
    struct Listing: Encodable {
        var date: LocalDate
        var mode: String
        var cachedAt: Date?
        var habits: [HabitOverview.Item]
        /// When the replica answering last synced (server mode with a replica).
        var syncedAt: Date? = nil

        enum CodingKeys: String, CodingKey {
            case date, mode, habits
            case cachedAt = "cached_at"
            case syncedAt = "synced_at"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(date, forKey: .date)
            try container.encode(mode, forKey: .mode)
            try container.encode(cachedAt.map(RFC3339.string(from:)), forKey: .cachedAt)
            if let syncedAt {
                try container.encode(RFC3339.string(from: syncedAt), forKey: .syncedAt)
            }
            try container.encode(habits.map(OverviewHabit.init), forKey: .habits)
        }
    }

    /// What `done`, `set`, `skip` and `undo` leave behind.
    struct ProgressChange: Encodable {
        var habit: Habit
        var date: LocalDate
        var entry: ProgressEntry?
        var completion: CompletionData
        var currentStreak: Int
        var targetReached: Bool

        enum CodingKeys: String, CodingKey {
            case habit, date, entry
            case completion = "completion_data"
            case currentStreak = "current_streak"
            case targetReached = "target_reached"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(habit, forKey: .habit)
            try container.encode(date, forKey: .date)
            try container.encode(entry, forKey: .entry)
            try container.encode(Completion(completion: completion), forKey: .completion)
            try container.encode(currentStreak, forKey: .currentStreak)
            try container.encode(targetReached, forKey: .targetReached)
        }
    }

    /// A strength as JSON writes it: a number from 0 to 1 with 4 decimals.
    static func strength(_ value: Double) -> Decimal {
        Decimal(string: String(format: "%.4f", value)) ?? 0
    }

    /// `log`.
    struct Log: Encodable {
        var from: LocalDate
        var to: LocalDate
        var rows: [HabitLogView.Row]

        enum CodingKeys: String, CodingKey { case from, to, habits }

        struct Row: Encodable {
            var row: HabitLogView.Row
            var from: LocalDate

            enum CodingKeys: String, CodingKey {
                case habit, days, strength
                case currentStreak = "current_streak"
            }

            struct Day: Encodable {
                var date: LocalDate
                var state: PeriodState
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(row.item.habit, forKey: .habit)
                try container.encode(
                    row.states.enumerated().map { Day(date: from.adding(days: $0), state: $1) },
                    forKey: .days)
                try container.encode(row.item.currentStreak, forKey: .currentStreak)
                try container.encode(row.item.strength.map(JSONOutput.strength), forKey: .strength)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
            try container.encode(rows.map { Row(row: $0, from: from) }, forKey: .habits)
        }
    }

    /// `skip` and `undo` over a range: `{"from", "to", "skipped", "habits":
    /// [{"habit", "dates"}]}`, the dates each habit changed on.
    struct Holiday: Encodable {
        var from: LocalDate
        var to: LocalDate
        var skipped: Bool
        var habits: [(Habit, [LocalDate])]

        enum CodingKeys: String, CodingKey { case from, to, skipped, habits }

        struct Changed: Encodable {
            var habit: Habit
            var dates: [LocalDate]
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
            try container.encode(skipped, forKey: .skipped)
            try container.encode(habits.map { Changed(habit: $0.0, dates: $0.1) }, forKey: .habits)
        }
    }
}

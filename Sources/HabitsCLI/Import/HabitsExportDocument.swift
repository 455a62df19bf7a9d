import Foundation
import HabitCore

/// The `habits` export: every habit with all its properties, status and
/// times, and every entry, as one JSON document that `habits import habits`
/// reads back.
///
/// ```
/// {"format": "habits-export", "version": 1 or 2, "exported_at": timestamp,
///  "habits": [Habit + {"entries": [{"date", "value", "skipped", "note"?}]}]}
/// ```
/// Habit is the API's habit object (id, name, frequency, measurement_type,
/// start_date, action_days, target_value, goal, status, created_at,
/// updated_at, and period_days, group, icon and color when set).
/// Entries are sorted by date, each with `"note"` when it has one (a
/// version 1 reader that knows no notes ignores it). Readers accept any
/// `version` up to `currentVersion`; a habit without `goal` (a file of the
/// first model) is at least.
///
/// The version written is the oldest that can read the document: 1 while
/// every habit is of the first model, 2 once one is monthly or every N
/// days, has an "at most" goal or a group. A reader of version 1 ignores
/// keys it does not know, so it would take an at-most habit for an
/// at-least one and drop a group; it refuses version 2 and says to update.
struct HabitsExportDocument: Sendable {
    static let formatName = "habits-export"
    static let currentVersion = 2

    struct Item: Sendable {
        var habit: Habit
        var entries: [ProgressEntry]
    }

    var exportedAt: Date
    var items: [Item]

    init(exportedAt: Date, items: [Item]) {
        self.exportedAt = exportedAt
        self.items = items
    }

    /// Reads an export; a document that is not one, or of a newer version,
    /// is an error naming what is wrong (the JSON path of a bad field).
    init(data: Data, name: String) throws(ImportFormatError) {
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: data)
        } catch let error as DecodingError {
            throw .notHabitsExport(path: name, reason: Self.describe(error))
        } catch {
            throw .notHabitsExport(path: name, reason: nil)
        }
        guard wire.format == Self.formatName else {
            throw .otherFormat(path: name, format: wire.format)
        }
        guard (1...Self.currentVersion).contains(wire.version) else {
            throw .newerExport(path: name, version: wire.version, newest: Self.currentVersion)
        }
        exportedAt = wire.exportedAt.flatMap(RFC3339.date(from:)) ?? Date(timeIntervalSince1970: 0)
        items = wire.habits.map { Item(habit: $0.habit, entries: $0.entries) }
    }

    /// The document as JSON: pretty-printed, sorted keys, exact decimals.
    func encoded() throws -> Data {
        let wire = Wire(
            format: Self.formatName, version: Self.version(of: items.map(\.habit)),
            exportedAt: RFC3339.string(from: exportedAt),
            habits: items.map { WireHabit(habit: $0.habit, entries: $0.entries) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // The layout of every JSON output (`JSONOutput.tidied`).
        let json = JSONOutput.tidied(String(decoding: try encoder.encode(wire), as: UTF8.self))
        return Data((json + "\n").utf8)
    }

    /// The oldest version that reads `habits` as they are: 2 when one of
    /// them has a property the first model lacks.
    static func version(of habits: [Habit]) -> Int {
        let secondModel = habits.contains { habit in
            !Frequency.firstModel.contains(habit.frequency) || habit.goal != .atLeast
                || habit.group != nil || habit.periodDays != nil
        }
        return secondModel ? 2 : 1
    }

    /// The source habits of an import: each exactly as exported.
    var source: SourceDocument {
        SourceDocument(
            habits: items.map { item in
                SourceHabit(
                    name: item.habit.name, schedule: .exact(item.habit),
                    archived: item.habit.status == .archived,
                    entries: item.entries.map {
                        SourceEntry(date: $0.date, mark: .exact($0), note: $0.note)
                    })
            })
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let text = context.codingPath.map { key in
                key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
            }.joined()
            return text.isEmpty ? "the document" : String(text.drop(while: { $0 == "." }))
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "\(parent == "the document" ? "" : parent + ".")\(key.stringValue) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)) has the wrong type"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "it is not JSON" : "\(path(context)) is not valid"
        @unknown default:
            return "it does not read"
        }
    }

    private struct Wire: Codable {
        var format: String
        var version: Int
        var exportedAt: String?
        var habits: [WireHabit]

        enum CodingKeys: String, CodingKey {
            case format, version, habits
            case exportedAt = "exported_at"
        }
    }

    /// A Habit object with its entries beside its properties.
    private struct WireHabit: Codable {
        var habit: Habit
        var entries: [ProgressEntry]

        enum CodingKeys: String, CodingKey { case entries }

        init(habit: Habit, entries: [ProgressEntry]) {
            self.habit = habit
            self.entries = entries
        }

        init(from decoder: any Decoder) throws {
            habit = try Habit(from: decoder)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            entries = try container.decodeIfPresent([ProgressEntry].self, forKey: .entries) ?? []
        }

        func encode(to encoder: any Encoder) throws {
            try habit.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(entries, forKey: .entries)
        }
    }
}

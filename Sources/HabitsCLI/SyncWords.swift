import Foundation
import HabitClient
import HabitCore

/// The sentences sync says, in one place beside `CommandError`'s: what was
/// saved, what waits, what the server refused and what replaced what.
enum SyncWords {
    /// Said once by a command whose change could not be sent now.
    static let savedOnDevice = "Saved on this device; it will be sent at the next sync."

    /// Why a change of a habit deleted elsewhere was not applied.
    static let habitGoneReason = "the habit was deleted on another device"

    /// Why a change of a habit whose creation the server refused was not sent.
    static let habitNotAddedReason = "its habit was not added"

    /// A read answered from the replica without a fresh pull.
    static func answeringFromReplica(
        syncedAt: Date?, now: Date, failure: APIError?, busy: Bool = false
    ) -> String {
        let why: String
        switch failure {
        case nil where busy: why = "another habits command is syncing this device's copy"
        case nil: why = "the server did not answer in time"
        case .unreachable?, .timeout?, .connectionLost?, .outcomeUnknown?:
            why = "the server cannot be reached"
        case let other?:
            why = "the sync did not finish (\(lowercasedFirst(CommandError.api(other).message)))"
        }
        let age =
            syncedAt.map { "last synced \(HabitText.age(from: $0, to: now)) ago" }
            ?? "never synced"
        return "habits: \(why); showing this device's copy, \(age)."
    }

    /// Whether `failure` only means the server could not be reached now
    /// (the changes wait), rather than something the person must act on.
    static func isOutage(_ failure: APIError) -> Bool {
        switch failure {
        case .unreachable, .timeout, .connectionLost, .outcomeUnknown, .server, .rateLimited:
            return true
        default:
            return false
        }
    }

    private static func lowercasedFirst(_ text: String) -> String {
        var text = text
        if text.hasSuffix(".") { text.removeLast() }
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    /// What a change does, in a few words: "done +1 on 2026-12-01".
    static func describe(_ change: SyncWrite.Action) -> String {
        switch change {
        case .createHabit(let fields): return "add \"\(fields.name)\""
        case .updateHabit(let changes):
            switch changes.status {
            case .archived?: return "archive"
            case .active? where changes == HabitChanges(status: .active): return "unarchive"
            default: return "edit"
            }
        case .deleteHabit: return "delete the habit"
        case .increment(let date, let amount, _):
            return "done +\(HabitText.number(amount)) on \(date)"
        case .setEntry(let entry, let note):
            if entry.skipped { return "skip \(entry.date)" }
            if case .replace = note, entry.value == 0 { return "note on \(entry.date)" }
            return "set \(entry.date) to \(HabitText.number(entry.value))"
        case .deleteEntry(let date): return "undo \(date)"
        }
    }

    /// A value of a day as the user reads it.
    static func describe(_ entry: ProgressEntry?) -> String {
        guard let entry else { return "nothing" }
        if entry.skipped { return "skipped" }
        var text = HabitText.number(entry.value)
        if let note = entry.note { text += " (note: \(note))" }
        return text
    }

    /// A change the server refused.
    static func rejected(habit: String, change: SyncWrite.Action, reason: String?) -> String {
        "habits: the server refused a change saved on this device: \(HabitText.name(habit)): "
            + "\(describe(change))" + (reason.map { " (\($0))" } ?? "") + "."
    }

    static let rejectedHint =
        "List them with 'habits sync --rejected'; send them again with 'habits sync --retry' "
        + "or drop them with 'habits sync --discard-rejected'."

    /// A change that replaced a value another device wrote since this one last synced.
    static func conflict(
        habit: String, date: LocalDate?, ours: SyncWrite.Action, theirs: ProgressEntry?
    )
        -> String
    {
        "habits: \(HabitText.name(habit))\(date.map { ", \($0)" } ?? ""): this device's change "
            + "(\(describe(ours))) replaced \(describe(theirs)), written on another device "
            + "since this one last synced."
    }

    /// A habit edit that set a field another device had changed since this
    /// one last synced.
    static func conflict(habit: String, field: HabitFieldConflict) -> String {
        "habits: \(HabitText.name(habit)): this device's edit set the \(describe(field.field)) "
            + "to \(describe(field.ours)), replacing \(describe(field.theirs)), written on "
            + "another device since this one last synced."
    }

    /// A habit field as the user reads it.
    static func describe(_ field: HabitFieldConflict.Field) -> String {
        switch field {
        case .name: return "name"
        case .frequency: return "frequency"
        case .unit: return "unit"
        case .start: return "start date"
        case .days: return "days"
        case .target: return "target"
        case .goal: return "goal"
        case .period: return "period length"
        case .group: return "group"
        case .status: return "status"
        }
    }

    /// A habit field's value as the user reads it.
    static func describe(_ value: HabitFieldConflict.Value) -> String {
        switch value {
        case .text(let text): return "\"\(HabitText.name(text))\""
        case .frequency(let frequency):
            switch frequency {
            case .daily: return "daily"
            case .weekly: return "weekly"
            case .monthly: return "monthly"
            // Its N is the period length, told as a field of its own.
            case .everyNDays: return "every N days"
            }
        case .date(let date): return date.description
        case .days(let days): return days.summary
        case .number(let number): return HabitText.number(number)
        case .status(let status): return status == .archived ? "archived" : "active"
        case .goal(let goal): return goal == .atMost ? "at most" : "at least"
        case .periodDays(let days?): return "\(days) days"
        case .group(let group?): return "\"\(HabitText.name(group))\""
        case .periodDays(nil), .group(nil): return "none"
        }
    }

    static let habitConflictHint =
        "If the other value was right, set it again with 'habits edit' (or 'habits archive' "
        + "or 'habits unarchive')."

    static let conflictHint =
        "If the other value was right, set it again with 'habits set'."

    /// The server stored a day without its note (a server without notes).
    static func noteDropped(date: LocalDate?) -> String {
        "habits: note: the server did not keep the note of \(date.map(\.description) ?? "the day") "
            + "(it may not support notes); the progress was saved without it."
    }

    /// `habits sync`'s summary.
    static func summary(sent: Int, received: Int, reconciled: Int) -> String {
        "Synced: sent \(sent) change\(sent == 1 ? "" : "s"), received \(received), "
            + "reconciled \(reconciled)."
    }

    /// What `habits status` says of waiting changes.
    static func pending(count: Int, since: Date?, now: Date) -> String {
        guard count > 0 else { return "none" }
        return "\(count) change\(count == 1 ? "" : "s") waiting"
            + (since.map { " since \(HabitText.age(from: $0, to: now)) ago" } ?? "")
    }
}

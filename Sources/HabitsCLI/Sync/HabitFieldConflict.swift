import Foundation
import HabitCore

/// One field of a habit that a queued edit set over a value another device
/// wrote after this device last synced: which field, this device's value and
/// the one it replaced.
///
/// Rule: a field conflicts when the edit sets it, the server held another
/// value than this device saw when the edit was queued (so another device
/// changed it), and that value is not the one the edit sets (both devices
/// chose the same: nothing was lost). Fields the edit leaves alone never
/// conflict: the other device's value stays.
struct HabitFieldConflict: Hashable, Sendable {
    /// The fields of a habit an edit can set, in the order they are told
    /// (`period` is `period_days`, the days of an EVERY_N_DAYS period).
    enum Field: String, CaseIterable, Hashable, Sendable {
        case name, frequency, period, unit, start, days, target, goal, group, status
    }

    /// A field's value, typed; the words are the CLI's (`SyncWords`).
    enum Value: Hashable, Sendable {
        case text(String)
        case frequency(Frequency)
        case date(LocalDate)
        case days(ActionDays)
        case number(Decimal)
        case status(HabitStatus)
        case goal(Goal)
        /// A period length, `nil` for none (a habit of another frequency).
        case periodDays(Int?)
        /// A group, `nil` for none.
        case group(String?)
    }

    var field: Field
    var ours: Value
    var theirs: Value

    /// The fields of `changes` that replaced another device's value:
    /// `replaced` is the habit the server held before the edit, `base` the
    /// habit this device held when it queued the edit (`nil` for an edit
    /// queued without it: then every field the server held differently).
    static func conflicts(changes: HabitChanges, base: Habit?, replaced: Habit)
        -> [HabitFieldConflict]
    {
        Field.allCases.compactMap { field in
            guard let ours = value(of: field, in: changes) else { return nil }
            let theirs = value(of: field, in: replaced)
            guard !same(theirs, ours) else { return nil }
            if let base, same(value(of: field, in: base), theirs) { return nil }
            return HabitFieldConflict(field: field, ours: ours, theirs: theirs)
        }
    }

    /// Whether two values of a field are one to a person: equal, or two
    /// writings of one group (groups compare without case, so a group
    /// written "morning" elsewhere and "Morning" here lost nothing).
    static func same(_ value: Value, _ other: Value) -> Bool {
        if case .group(let group?) = value, case .group(let otherGroup?) = other {
            return HabitFields.sameGroup(group, otherGroup)
        }
        return value == other
    }

    /// What `changes` sets `field` to, `nil` when it leaves it alone.
    static func value(of field: Field, in changes: HabitChanges) -> Value? {
        switch field {
        case .name: return changes.name.map(Value.text)
        case .frequency: return changes.frequency.map(Value.frequency)
        case .unit: return changes.measurementType.map(Value.text)
        case .start: return changes.startDate.map(Value.date)
        case .days: return changes.actionDays.map(Value.days)
        case .target: return changes.targetValue.map(Value.number)
        case .status: return changes.status.map(Value.status)
        case .goal: return changes.goal.map(Value.goal)
        case .period: return changes.periodDays.map(Value.periodDays)
        case .group: return changes.group.map(Value.group)
        }
    }

    /// `field` of `habit`.
    static func value(of field: Field, in habit: Habit) -> Value {
        switch field {
        case .name: return .text(habit.name)
        case .frequency: return .frequency(habit.frequency)
        case .unit: return .text(habit.measurementType)
        case .start: return .date(habit.startDate)
        case .days: return .days(habit.actionDays)
        case .target: return .number(habit.targetValue)
        case .status: return .status(habit.status)
        case .goal: return .goal(habit.goal)
        case .period: return .periodDays(habit.periodDays)
        case .group: return .group(habit.group)
        }
    }
}

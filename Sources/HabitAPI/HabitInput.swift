import Foundation
import HabitCore

/// Turns request bodies of the habit routes into HabitCore values.
///
/// Every problem in a body is reported together: type problems from reading
/// the fields and rule problems (blank name, target ≤ 0, …) of the fields
/// that did read, in one `ValidationError` keyed by wire names.
package enum HabitInput {
    /// The six fields of a new habit, all required, and the optional ones:
    /// `goal` (AT_LEAST when absent), `period_days` (an EVERY_N_DAYS
    /// habit's N, and only its), `group`, the marks `icon`, `color` and
    /// `position` (absent or null for none), validated and normalised.
    package static func fields(from object: [String: JSONValue]) throws(ValidationError)
        -> HabitFields
    {
        var body = BodyFields(object)
        let name = body.string("name", required: true)
        let frequency = body.choice("frequency", as: Frequency.self, required: true)
        let measurementType = body.string("measurement_type", required: true)
        let startDate = body.date("start_date", required: true)
        let actionDays = body.actionDays("action_days", required: true)
        let targetValue = body.decimal("target_value", required: true)
        let goal = body.choice("goal", as: Goal.self, required: false)
        let periodDays = body.nullableInteger("period_days")
        let group = body.nullableString("group")
        let icon = body.nullableString("icon")
        let color = body.nullableString("color")
        let position = body.nullableInteger("position")
        guard let name, let frequency, let measurementType, let startDate, let actionDays,
            let targetValue, body.errors.isEmpty
        else {
            var errors = body.errors
            // A goal that did not read leaves the target's lower bound
            // unknown: only the bounds both goals share are checked then.
            let targetGoal = errors.fields["goal"] == nil ? goal ?? .atLeast : .atMost
            addRuleProblems(
                to: &errors,
                RuleFields(
                    name: name, measurementType: measurementType, actionDays: actionDays,
                    targetValue: targetValue, goal: targetGoal, frequency: frequency,
                    periodDays: periodDays ?? .some(nil), group: group ?? nil,
                    icon: icon ?? nil, color: color ?? nil, position: position ?? nil))
            throw errors
        }
        return try HabitFields(
            name: name, frequency: frequency, measurementType: measurementType,
            startDate: startDate, actionDays: actionDays, targetValue: targetValue,
            goal: goal ?? .atLeast, periodDays: periodDays ?? nil, group: group ?? nil,
            icon: icon ?? nil, color: color ?? nil, position: position ?? nil
        ).validated()
    }

    /// A partial update: any subset of the six fields, `goal`, `period_days`,
    /// `group`, the marks and `position` (null removes any of the last
    /// five) and
    /// `status`. The caller validates the merged result with
    /// `HabitChanges.applied(to:)`.
    package static func changes(from object: [String: JSONValue]) throws(ValidationError)
        -> HabitChanges
    {
        var body = BodyFields(object)
        let changes = HabitChanges(
            name: body.string("name", required: false),
            frequency: body.choice("frequency", as: Frequency.self, required: false),
            measurementType: body.string("measurement_type", required: false),
            startDate: body.date("start_date", required: false),
            actionDays: body.actionDays("action_days", required: false),
            targetValue: body.decimal("target_value", required: false),
            goal: body.choice("goal", as: Goal.self, required: false),
            periodDays: body.nullableInteger("period_days"),
            group: body.nullableString("group"),
            status: body.choice("status", as: HabitStatus.self, required: false),
            icon: body.nullableString("icon"), color: body.nullableString("color"),
            position: body.nullableInteger("position"))
        if !body.errors.isEmpty {
            var errors = body.errors
            // The stored habit decides the rest (its goal, its frequency):
            // here only what holds whatever it is.
            addRuleProblems(
                to: &errors,
                RuleFields(
                    name: changes.name, measurementType: changes.measurementType,
                    actionDays: changes.actionDays, targetValue: changes.targetValue,
                    goal: changes.goal ?? .atMost, frequency: nil, periodDays: nil,
                    group: changes.group ?? nil, icon: changes.icon ?? nil,
                    color: changes.color ?? nil, position: changes.position ?? nil))
            throw errors
        }
        return changes
    }

    /// The entry for `date`: at least one of `value` and `skipped` must be
    /// sent (an empty PUT must not silently zero a day); the other defaults
    /// to 0 or false.
    /// `note` is optional: absent keeps the day's note, null or blank
    /// removes it (see `BodyFields.note`).
    package static func progressEntry(from object: [String: JSONValue], date: LocalDate)
        throws(ValidationError) -> (entry: ProgressEntry, note: NoteChange)
    {
        var body = BodyFields(object)
        if !body.contains("value") && !body.contains("skipped") {
            body.report(
                ["Send value, skipped or both; the other keeps its default (0, false)."],
                for: "value")
            throw body.errors
        }
        let value = body.decimal("value", required: false)
        let skipped = body.bool("skipped", required: false)
        let note = body.note("note")
        if let value { body.report(ProgressEntry.problems(value: value), for: "value") }
        guard let note, body.errors.isEmpty else { throw body.errors }
        return (ProgressEntry(date: date, value: value ?? 0, skipped: skipped ?? false), note)
    }

    /// `{"amount", "note"?}` of an increment: a number from 0 to
    /// `ProgressEntry.maximumValue`, required, and the note as for a PUT.
    package static func increment(from object: [String: JSONValue]) throws(ValidationError)
        -> (amount: Decimal, note: NoteChange)
    {
        var body = BodyFields(object)
        let amount = body.decimal("amount", required: true)
        let note = body.note("note")
        if let amount { body.report(ProgressEntry.problems(value: amount), for: "amount") }
        guard let amount, let note, body.errors.isEmpty else { throw body.errors }
        return (amount, note)
    }

    /// The fields of a body that read, for `addRuleProblems`.
    private struct RuleFields {
        var name: String?
        var measurementType: String?
        var actionDays: ActionDays?
        var targetValue: Decimal?
        /// The goal the target is judged for.
        var goal: Goal
        /// With `periodDays`, checked together; `nil` when not known.
        var frequency: Frequency?
        /// `nil` when not known (unread, or a change that keeps it).
        var periodDays: Int??
        var group: String?
        var icon: String?
        var color: String?
        var position: Int?
    }

    /// The rule problems of the fields that were read, for fields that have
    /// no type problem already.
    private static func addRuleProblems(to errors: inout ValidationError, _ read: RuleFields) {
        var found: [(problems: [String], field: String)] = []
        if let name = read.name { found.append((HabitFields.problems(name: name), "name")) }
        if let measurementType = read.measurementType {
            found.append(
                (HabitFields.problems(measurementType: measurementType), "measurement_type"))
        }
        if let actionDays = read.actionDays {
            found.append((HabitFields.problems(actionDays: actionDays), "action_days"))
        }
        if let targetValue = read.targetValue {
            found.append(
                (HabitFields.problems(targetValue: targetValue, goal: read.goal), "target_value"))
        }
        if let frequency = read.frequency, let periodDays = read.periodDays {
            found.append(
                (HabitFields.problems(periodDays: periodDays, frequency: frequency), "period_days"))
        }
        if let group = read.group { found.append((HabitFields.problems(group: group), "group")) }
        if let icon = read.icon { found.append((HabitFields.problems(icon: icon), "icon")) }
        if let color = read.color { found.append((HabitFields.problems(color: color), "color")) }
        if let position = read.position {
            found.append((HabitFields.problems(position: position), "position"))
        }
        for (problems, field) in found where errors.fields[field] == nil {
            errors.add(problems, to: field)
        }
    }
}

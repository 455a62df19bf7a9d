import Foundation
import HabitCore

/// Turns request bodies of the habit routes into HabitCore values.
///
/// Every problem in a body is reported together: type problems from reading
/// the fields and rule problems (blank name, target ≤ 0, …) of the fields
/// that did read, in one `ValidationError` keyed by wire names.
package enum HabitInput {
    /// The six fields of a new habit, all required, and the optional marks
    /// (`icon`, `color`: absent or null for none), validated and normalised.
    package static func fields(from object: [String: JSONValue]) throws(ValidationError)
        -> HabitFields
    {
        var body = BodyFields(object)
        let name = body.string("name", required: true)
        let frequency = body.choice(
            "frequency", as: Frequency.self, required: true,
            among: Frequency.firstModel)
        let measurementType = body.string("measurement_type", required: true)
        let startDate = body.date("start_date", required: true)
        let actionDays = body.actionDays("action_days", required: true)
        let targetValue = body.decimal("target_value", required: true)
        let icon = body.nullableString("icon")
        let color = body.nullableString("color")
        guard let name, let frequency, let measurementType, let startDate, let actionDays,
            let targetValue, body.errors.isEmpty
        else {
            var errors = body.errors
            addRuleProblems(
                to: &errors, name: name, measurementType: measurementType,
                actionDays: actionDays, targetValue: targetValue, icon: icon ?? nil,
                color: color ?? nil)
            throw errors
        }
        return try HabitFields(
            name: name, frequency: frequency, measurementType: measurementType,
            startDate: startDate, actionDays: actionDays, targetValue: targetValue,
            icon: icon ?? nil, color: color ?? nil
        ).validated()
    }

    /// A partial update: any subset of the six fields, the marks (null
    /// removes one) and `status`. The
    /// caller validates the merged result with `HabitChanges.applied(to:)`.
    package static func changes(from object: [String: JSONValue]) throws(ValidationError)
        -> HabitChanges
    {
        var body = BodyFields(object)
        let changes = HabitChanges(
            name: body.string("name", required: false),
            frequency: body.choice(
                "frequency", as: Frequency.self, required: false,
                among: Frequency.firstModel),
            measurementType: body.string("measurement_type", required: false),
            startDate: body.date("start_date", required: false),
            actionDays: body.actionDays("action_days", required: false),
            targetValue: body.decimal("target_value", required: false),
            status: body.choice("status", as: HabitStatus.self, required: false),
            icon: body.nullableString("icon"), color: body.nullableString("color"))
        if !body.errors.isEmpty {
            var errors = body.errors
            addRuleProblems(
                to: &errors, name: changes.name, measurementType: changes.measurementType,
                actionDays: changes.actionDays, targetValue: changes.targetValue,
                icon: changes.icon ?? nil, color: changes.color ?? nil)
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

    /// The rule problems of the fields that were read, for fields that have
    /// no type problem already.
    private static func addRuleProblems(
        to errors: inout ValidationError, name: String?, measurementType: String?,
        actionDays: ActionDays?, targetValue: Decimal?, icon: String?, color: String?
    ) {
        if let name {
            errors.add(HabitFields.problems(name: name), to: "name")
        }
        if let measurementType {
            errors.add(
                HabitFields.problems(measurementType: measurementType), to: "measurement_type")
        }
        if let actionDays {
            errors.add(HabitFields.problems(actionDays: actionDays), to: "action_days")
        }
        if let targetValue {
            errors.add(HabitFields.problems(targetValue: targetValue), to: "target_value")
        }
        if let icon { errors.add(HabitFields.problems(icon: icon), to: "icon") }
        if let color { errors.add(HabitFields.problems(color: color), to: "color") }
    }
}

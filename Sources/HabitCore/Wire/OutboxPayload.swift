import Foundation

/// A queued write as an outbox row's `payload` keeps it: JSON with every
/// value as text the API would send (decimals as strings, so nothing is
/// rounded), keys sorted.
///
/// The bytes are those every earlier version wrote and must stay so: rows
/// written by them wait in replicas on people's devices. A field is only
/// ever added, absent in older rows.
package struct OutboxPayload: Codable, Hashable, Sendable {
    var name: String?
    var frequency: Frequency?
    var measurementType: String?
    var startDate: LocalDate?
    var actionDays: UInt8?
    var targetValue: String?
    var status: HabitStatus?
    var date: LocalDate?
    var amount: String?
    var value: String?
    var skipped: Bool?
    /// Whether the note changes; `note` is then the new one (absent: removed).
    var replacesNote: Bool?
    var note: String?
    /// An edit's base habit (absent in records of earlier versions).
    var base: Base?
    /// Whether the icon (colour) changes; `icon` (`color`) is then the
    /// new one (absent: removed). A new habit's are set when present.
    var replacesIcon: Bool?
    var icon: String?
    var replacesColor: Bool?
    var color: String?
    /// A new habit's goal when it is at most (absent: at least, so a row
    /// of the first model keeps its bytes); an edit's when it changes it.
    var goal: Goal?
    /// Whether the period length (group) changes; `periodDays` (`group`)
    /// is then the new one (absent: removed). A new habit's are set when
    /// present.
    var replacesPeriodDays: Bool?
    var periodDays: Int?
    var replacesGroup: Bool?
    var group: String?
    /// Whether the position changes; `position` is then the new one
    /// (absent: removed). A new habit's is set when present.
    var replacesPosition: Bool?
    var position: Int?

    /// A habit's fields and status, as the outbox keeps them; the goal only
    /// when it is at most, the period length and group when set (absent
    /// in records of earlier versions, whose habits had none).
    struct Base: Codable, Hashable, Sendable {
        var name: String
        var frequency: Frequency
        var measurementType: String
        var startDate: LocalDate
        var actionDays: UInt8
        var targetValue: String
        var status: HabitStatus
        var goal: Goal?
        var periodDays: Int?
        var group: String?

        init(_ habit: Habit) {
            name = habit.name
            frequency = habit.frequency
            measurementType = habit.measurementType
            startDate = habit.startDate
            actionDays = habit.actionDays.bits
            targetValue = habit.targetValue.description
            status = habit.status
            goal = habit.goal == .atLeast ? nil : habit.goal
            periodDays = habit.periodDays
            group = habit.group
        }

        func habit(id: Int64) -> Habit? {
            guard let target = OutboxPayload.decimal(targetValue) else { return nil }
            return Habit(
                id: id,
                fields: HabitFields(
                    name: name, frequency: frequency, measurementType: measurementType,
                    startDate: startDate, actionDays: ActionDays(bits: actionDays),
                    targetValue: target, goal: goal ?? .atLeast, periodDays: periodDays,
                    group: group),
                status: status)
        }
    }

    /// The payload of `action`, with the habit an edit was queued against.
    package init(_ action: SyncWrite.Action, base: Habit?) {
        self.base = base.map(Base.init)
        switch action {
        case .createHabit(let fields):
            name = fields.name
            frequency = fields.frequency
            measurementType = fields.measurementType
            startDate = fields.startDate
            actionDays = fields.actionDays.bits
            targetValue = fields.targetValue.description
            goal = fields.goal == .atLeast ? nil : fields.goal
            periodDays = fields.periodDays
            group = fields.group
            icon = fields.icon
            color = fields.color
            position = fields.position
        case .updateHabit(let changes):
            name = changes.name
            frequency = changes.frequency
            measurementType = changes.measurementType
            startDate = changes.startDate
            actionDays = changes.actionDays?.bits
            targetValue = changes.targetValue?.description
            status = changes.status
            goal = changes.goal
            if let change = changes.periodDays {
                replacesPeriodDays = true
                periodDays = change
            }
            if let change = changes.group {
                replacesGroup = true
                group = change
            }
            if let change = changes.icon {
                replacesIcon = true
                icon = change
            }
            if let change = changes.color {
                replacesColor = true
                color = change
            }
            if let change = changes.position {
                replacesPosition = true
                position = change
            }
        case .deleteHabit: break
        case .increment(let date, let amount, let note):
            self.date = date
            self.amount = amount.description
            setNote(note)
        case .setEntry(let entry, let note):
            date = entry.date
            value = entry.value.description
            skipped = entry.skipped
            setNote(note)
        case .deleteEntry(let date):
            self.date = date
        }
    }

    /// The payload a row holds; `nil` for text that is not one.
    package init?(text: String) {
        guard let data = text.data(using: .utf8),
            let payload = try? JSONDecoder().decode(Self.self, from: data)
        else { return nil }
        self = payload
    }

    /// The row's text (`{}` should encoding ever fail).
    package var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
    }

    /// The habit an edit was queued against, given the row's habit id.
    package func baseHabit(id: Int64) -> Habit? { base?.habit(id: id) }

    private mutating func setNote(_ change: NoteChange) {
        if case .replace(let text) = change {
            replacesNote = true
            note = text
        }
    }

    private var noteChange: NoteChange { replacesNote == true ? .replace(note) : .keep }

    fileprivate static func decimal(_ text: String?) -> Decimal? {
        text.flatMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
    }

    /// The write of a row of `kind` (`SyncWrite.Action.kind`); `nil` for a
    /// kind this version does not know (a later version's) or a payload
    /// that lacks what the kind needs.
    package func action(kind: String) -> SyncWrite.Action? {
        switch kind {
        case "create":
            guard let name, let frequency, let measurementType, let startDate,
                let actionDays, let target = Self.decimal(targetValue)
            else { return nil }
            return .createHabit(
                HabitFields(
                    name: name, frequency: frequency, measurementType: measurementType,
                    startDate: startDate, actionDays: ActionDays(bits: actionDays),
                    targetValue: target, goal: goal ?? .atLeast, periodDays: periodDays,
                    group: group, icon: icon, color: color, position: position))
        case "edit":
            return .updateHabit(
                HabitChanges(
                    name: name, frequency: frequency, measurementType: measurementType,
                    startDate: startDate, actionDays: actionDays.map(ActionDays.init(bits:)),
                    targetValue: Self.decimal(targetValue), goal: goal,
                    periodDays: replacesPeriodDays == true ? .some(periodDays) : nil,
                    group: replacesGroup == true ? .some(group) : nil, status: status,
                    icon: replacesIcon == true ? .some(icon) : nil,
                    color: replacesColor == true ? .some(color) : nil,
                    position: replacesPosition == true ? .some(position) : nil))
        case "delete":
            return .deleteHabit
        case "increment":
            guard let date, let amount = Self.decimal(amount) else { return nil }
            return .increment(date: date, amount: amount, note: noteChange)
        case "set":
            guard let date, let value = Self.decimal(value) else { return nil }
            return .setEntry(
                ProgressEntry(date: date, value: value, skipped: skipped ?? false),
                note: noteChange)
        case "delete_entry":
            guard let date else { return nil }
            return .deleteEntry(date: date)
        default:
            return nil
        }
    }
}

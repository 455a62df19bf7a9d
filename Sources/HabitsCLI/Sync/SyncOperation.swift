import Foundation
import HabitClient
import HabitCore
import HabitStorage

/// One change in a replica's outbox, read from its `OutboxRecord`: what it
/// does, to which habit, with the key and base version it is sent with.
struct SyncOperation: Hashable, Sendable {
    /// What the change does; `done` is an increment, so increments made on
    /// several devices add up, and the rest apply in the server's order.
    enum Change: Hashable, Sendable {
        case createHabit(HabitFields)
        case updateHabit(HabitChanges)
        case deleteHabit
        case increment(date: LocalDate, amount: Decimal, note: NoteChange)
        case setEntry(ProgressEntry, note: NoteChange)
        case deleteEntry(date: LocalDate)
    }

    var sequence: Int64 = 0
    var habitID: Int64
    var change: Change
    var idempotencyKey: String
    var baseVersion: String?
    /// The habit as this device held it when a habit edit was queued: which
    /// of its fields another device changed meanwhile is told apart by it.
    var baseHabit: Habit?
    var createdAt: Date
    var attempts = 0
    var lastError: String?
    var state: OutboxRecord.State = .pending

    /// The day it changes, `nil` for a change of the habit itself.
    var date: LocalDate? {
        switch change {
        case .createHabit, .updateHabit, .deleteHabit: return nil
        case .increment(let date, _, _), .deleteEntry(let date): return date
        case .setEntry(let entry, _): return entry.date
        }
    }

    /// What the server is sent.
    var write: SyncWrite {
        switch change {
        case .createHabit(let fields):
            return SyncWrite(habitID: habitID, action: .createHabit(fields))
        case .updateHabit(let changes):
            return SyncWrite(habitID: habitID, action: .updateHabit(changes))
        case .deleteHabit: return SyncWrite(habitID: habitID, action: .deleteHabit)
        case .increment(let date, let amount, let note):
            return SyncWrite(
                habitID: habitID, action: .increment(date: date, amount: amount, note: note))
        case .setEntry(let entry, let note):
            return SyncWrite(habitID: habitID, action: .setEntry(entry, note: note))
        case .deleteEntry(let date):
            return SyncWrite(habitID: habitID, action: .deleteEntry(date: date))
        }
    }

    /// The outbox's name for the kind of change.
    var kind: String {
        switch change {
        case .createHabit: return "create"
        case .updateHabit: return "edit"
        case .deleteHabit: return "delete"
        case .increment: return "increment"
        case .setEntry: return "set"
        case .deleteEntry: return "delete_entry"
        }
    }

    init(
        habitID: Int64, change: Change, idempotencyKey: String, baseVersion: String?,
        baseHabit: Habit? = nil, createdAt: Date
    ) {
        self.habitID = habitID
        self.change = change
        self.idempotencyKey = idempotencyKey
        self.baseVersion = baseVersion
        self.baseHabit = baseHabit
        self.createdAt = createdAt
    }

    /// The operation a stored record holds; `nil` for a payload this
    /// version cannot read (a later version's), which stays in the outbox.
    init?(record: OutboxRecord) {
        guard let data = record.payload.data(using: .utf8),
            let payload = try? JSONDecoder().decode(Payload.self, from: data),
            let change = payload.change(kind: record.kind)
        else { return nil }
        self.init(
            habitID: record.habitID, change: change, idempotencyKey: record.idempotencyKey,
            baseVersion: record.baseVersion, baseHabit: payload.base?.habit(id: record.habitID),
            createdAt: record.createdAt)
        sequence = record.sequence
        attempts = record.attempts
        lastError = record.lastError
        state = record.state
    }

    /// The record the outbox stores.
    var record: OutboxRecord {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let payload = (try? encoder.encode(Payload(change, base: baseHabit))).flatMap {
            String(data: $0, encoding: .utf8)
        }
        return OutboxRecord(
            sequence: sequence, kind: kind, habitID: habitID, date: date?.description,
            payload: payload ?? "{}", idempotencyKey: idempotencyKey, baseVersion: baseVersion,
            createdAt: createdAt, attempts: attempts, lastError: lastError, state: state)
    }

    /// The change as the outbox's JSON: every value as text the API would
    /// send (decimals as strings, so nothing is rounded).
    private struct Payload: Codable {
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
        /// An edit's `baseHabit` (absent in records of earlier versions).
        var base: Base?
        /// Whether the icon (colour) changes; `icon` (`color`) is then the
        /// new one (absent: removed). A new habit's are set when present.
        var replacesIcon: Bool?
        var icon: String?
        var replacesColor: Bool?
        var color: String?

        /// A habit's fields and status, as the outbox keeps them.
        struct Base: Codable {
            var name: String
            var frequency: Frequency
            var measurementType: String
            var startDate: LocalDate
            var actionDays: UInt8
            var targetValue: String
            var status: HabitStatus

            init(_ habit: Habit) {
                name = habit.name
                frequency = habit.frequency
                measurementType = habit.measurementType
                startDate = habit.startDate
                actionDays = habit.actionDays.bits
                targetValue = habit.targetValue.description
                status = habit.status
            }

            func habit(id: Int64) -> Habit? {
                guard let target = Payload.decimal(targetValue) else { return nil }
                return Habit(
                    id: id,
                    fields: HabitFields(
                        name: name, frequency: frequency, measurementType: measurementType,
                        startDate: startDate, actionDays: ActionDays(bits: actionDays),
                        targetValue: target),
                    status: status)
            }
        }

        init(_ change: Change, base: Habit?) {
            self.base = base.map(Base.init)
            switch change {
            case .createHabit(let fields):
                name = fields.name
                frequency = fields.frequency
                measurementType = fields.measurementType
                startDate = fields.startDate
                actionDays = fields.actionDays.bits
                targetValue = fields.targetValue.description
                icon = fields.icon
                color = fields.color
            case .updateHabit(let changes):
                name = changes.name
                frequency = changes.frequency
                measurementType = changes.measurementType
                startDate = changes.startDate
                actionDays = changes.actionDays?.bits
                targetValue = changes.targetValue?.description
                status = changes.status
                if let change = changes.icon {
                    replacesIcon = true
                    icon = change
                }
                if let change = changes.color {
                    replacesColor = true
                    color = change
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

        func change(kind: String) -> Change? {
            switch kind {
            case "create":
                guard let name, let frequency, let measurementType, let startDate,
                    let actionDays, let target = Self.decimal(targetValue)
                else { return nil }
                return .createHabit(
                    HabitFields(
                        name: name, frequency: frequency, measurementType: measurementType,
                        startDate: startDate, actionDays: ActionDays(bits: actionDays),
                        targetValue: target, icon: icon, color: color))
            case "edit":
                return .updateHabit(
                    HabitChanges(
                        name: name, frequency: frequency, measurementType: measurementType,
                        startDate: startDate, actionDays: actionDays.map(ActionDays.init(bits:)),
                        targetValue: Self.decimal(targetValue), status: status,
                        icon: replacesIcon == true ? .some(icon) : nil,
                        color: replacesColor == true ? .some(color) : nil))
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
}

import Foundation
import HabitClient
import HabitCore

/// The sync rules as pure decisions: given a change of the outbox and what
/// the server answered (or the replica's state and a page of the feed), the
/// actions its owner (`ReplicaSync`) carries out. No I/O, no clock.
///
/// Rules: changes go in the order they were made, each with its own
/// Idempotency-Key; the first that cannot be delivered (no connection, a
/// server failure, a lost answer) stops the push and stays pending for the
/// next sync. A change the server refuses (a limit, a name taken, invalid
/// input) is marked rejected with every change that depends on it (those of
/// a habit whose creation was refused), never dropped silently. A change to
/// a habit the server no longer has (deleted elsewhere) is rejected too,
/// except deleting it, which has then happened.
enum SyncEngine {
    /// What sending one change came to.
    enum Outcome: Hashable, Sendable {
        case stored(SyncWriteAnswer)
        /// The server refused it for good: `reason` says why.
        case refused(reason: OutboxFailure)
        /// The habit it changes is no longer on the server.
        case habitGone
        /// It could not be delivered now, for `reason`.
        case undelivered(reason: OutboxFailure)
    }

    /// A queued change replaced a value another device wrote after this
    /// device last synced.
    struct Conflict: Hashable, Sendable {
        var habitID: Int64
        var date: LocalDate?
        /// What this device sent, and what it replaced on the server.
        var ours: SyncWrite.Action
        var theirs: ProgressEntry?
        /// For a habit edit: each field it set over another device's value.
        var fields: [HabitFieldConflict] = []
    }

    enum Action: Hashable, Sendable {
        /// The change is done: out of the outbox.
        case complete(sequence: Int64)
        /// A habit created offline got its id: rewrite the replica and the outbox.
        case renumber(provisional: Int64, server: Int64)
        /// Later changes of the same day or habit now expect this version.
        case rebase(habitID: Int64, date: LocalDate?, after: Int64, version: String?)
        case conflict(Conflict)
        /// Refused: these changes stay, rejected, with `reason`.
        case reject(sequences: [Int64], reason: OutboxFailure)
        /// Not delivered now: one more attempt counted, the reason kept.
        case defer_(sequence: Int64, attempts: Int, reason: OutboxFailure)
        /// The replica holds effects the server refused: rebuild it from the feed.
        case resync
        /// The server stored the day without the note sent (a server without notes).
        case noteDropped(habitID: Int64, date: LocalDate)
    }

    /// What to do after `operation` came to `outcome`, `outbox` being every
    /// pending change in order (`operation` among them); `proceed` is whether
    /// the push goes on with the next change.
    static func decide(
        _ operation: SyncOperation, _ outcome: Outcome, outbox: [SyncOperation]
    ) -> (actions: [Action], proceed: Bool) {
        switch outcome {
        case .stored(let answer):
            var actions: [Action] = [.complete(sequence: operation.sequence)]
            var habitID = operation.habitID
            if case .createHabit = operation.change, let created = answer.habit {
                actions.append(.renumber(provisional: operation.habitID, server: created.id))
                habitID = created.id
            }
            if let conflict = conflict(operation, answer: answer) {
                actions.append(.conflict(conflict))
            }
            if let date = operation.date, droppedNote(operation, answer: answer) {
                actions.append(.noteDropped(habitID: habitID, date: date))
            }
            actions.append(
                .rebase(
                    habitID: habitID, date: operation.date, after: operation.sequence,
                    version: answer.version))
            return (actions, true)
        case .habitGone:
            if case .deleteHabit = operation.change {
                return ([.complete(sequence: operation.sequence)], true)
            }
            return (
                [
                    .reject(
                        sequences: [operation.sequence],
                        reason: .habitGone),
                    .resync,
                ], true
            )
        case .refused(let reason):
            var actions: [Action] = [.reject(sequences: [operation.sequence], reason: reason)]
            let following = dependents(of: operation, in: outbox).filter {
                $0 != operation.sequence
            }
            if !following.isEmpty {
                actions.append(.reject(sequences: following, reason: .habitNotAdded))
            }
            return (actions + [.resync], true)
        case .undelivered(let reason):
            return (
                [
                    .defer_(
                        sequence: operation.sequence, attempts: operation.attempts + 1,
                        reason: reason)
                ], false
            )
        }
    }

    /// `operation` and the changes that cannot go without it: after a
    /// refused creation, every later change of that (provisional) habit.
    static func dependents(of operation: SyncOperation, in outbox: [SyncOperation]) -> [Int64] {
        guard case .createHabit = operation.change else { return [operation.sequence] }
        return [operation.sequence]
            + outbox.filter { $0.sequence > operation.sequence && $0.habitID == operation.habitID }
            .map(\.sequence)
    }

    /// The conflict a stored change reports: it set, skipped, undid or
    /// noted a day, or edited a habit, whose version on the server was not
    /// the one this device had seen. Increments add up and never conflict;
    /// an edit conflicts only in the fields it set that the other device
    /// changed (`HabitFieldConflict`).
    static func conflict(_ operation: SyncOperation, answer: SyncWriteAnswer) -> Conflict? {
        switch operation.change {
        case .setEntry, .deleteEntry, .updateHabit: break
        default: return nil
        }
        guard let replaced = answer.replaced, replaced.version != operation.baseVersion else {
            return nil
        }
        // A server without versions cannot tell: no report.
        guard replaced.version != nil else { return nil }
        if case .updateHabit(let changes) = operation.change {
            guard let theirs = replaced.habit else { return nil }
            let fields = HabitFieldConflict.conflicts(
                changes: changes, base: operation.baseHabit, replaced: theirs)
            guard !fields.isEmpty else { return nil }
            return Conflict(
                habitID: operation.habitID, date: nil, ours: operation.change, theirs: nil,
                fields: fields)
        }
        return Conflict(
            habitID: operation.habitID, date: operation.date, ours: operation.change,
            theirs: replaced.entry)
    }

    /// Whether the server answered a day without the note this change sent.
    static func droppedNote(_ operation: SyncOperation, answer: SyncWriteAnswer) -> Bool {
        let note: NoteChange
        switch operation.change {
        case .increment(_, _, let change), .setEntry(_, let change): note = change
        default: return false
        }
        guard case .replace(let text?) = note, let entry = answer.entry else { return false }
        return entry.note != text
    }

    /// A habit, or one day of it, that the feed changed.
    struct Key: Hashable, Sendable {
        var habitID: Int64
        var date: LocalDate?
    }

    /// What a feed change overwrote in the replica.
    static func key(of change: FeedChange<String?>) -> Key {
        switch change {
        case .habit(let habit, _): return Key(habitID: habit.id, date: nil)
        case .habitDeleted(let id, _): return Key(habitID: id, date: nil)
        case .entry(let id, let entry, _): return Key(habitID: id, date: entry.date)
        case .entryDeleted(let id, let date, _): return Key(habitID: id, date: date)
        }
    }

    /// The pending changes to apply again on top of what a page of the feed
    /// overwrote, in order: a change of a habit whose row the feed replaced,
    /// a change of a day whose entry it replaced. (Each was applied to the
    /// replica when it was made; the server's state does not hold it yet.)
    static func reapplied(pending: [SyncOperation], touched: Set<Key>) -> [SyncOperation] {
        pending.filter { touched.contains(Key(habitID: $0.habitID, date: $0.date)) }
    }

    /// How old the replica is at `now`, `nil` when it never synced.
    static func age(syncedAt: Date?, now: Date) -> TimeInterval? {
        syncedAt.map { max(0, now.timeIntervalSince($0)) }
    }
}

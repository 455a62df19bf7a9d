import Foundation
import HabitCore

/// The decisions of a feed read that do not depend on the store: which
/// changes one answer holds, in which order, and where the next one starts.
///
/// Every store reads, in one snapshot, the owner's head (the last change
/// number given) and the number through which tombstones were purged, then
/// up to `limit + 1` habits, entries and tombstones each, numbered after the
/// cursor, each list in number order; these functions do the rest, so both
/// stores answer alike.
package enum ChangeAssembly {
    /// Tombstones are kept this long (90 days), at least.
    package static let tombstoneRetention: TimeInterval = 90 * 24 * 60 * 60

    /// The limits a read may ask for, and the default.
    package static let limits = 1...5000
    package static let defaultLimit = 1000

    /// The cursor a read starts from: `since`, or the start of a full read;
    /// `nil` when `since` cannot be answered from (another user's, ahead of
    /// the head, or needing purged tombstones).
    package static func start(
        since: FeedCursor?, owner: Int64, head: Int64, purgedThrough: Int64
    ) -> FeedCursor? {
        let cursor = since ?? .start(owner: owner, head: head)
        guard cursor.isValid(owner: owner, head: head, purgedThrough: purgedThrough) else {
            return nil
        }
        return cursor
    }

    /// The page of `limit` changes after `cursor` among the rows read: the
    /// lowest-numbered ones, a habit's change moved before its entries'
    /// changes when both are in the page, and the cursor after them (the
    /// head when nothing is left).
    package static func page(
        habits: [Change], entries: [Change], tombstones: [Change], limit: Int,
        after cursor: FeedCursor, head: Int64
    ) -> ChangePage {
        let all = (habits + entries + tombstones).sorted { $0.number < $1.number }
        let more = all.count > limit
        let taken = Array(all.prefix(limit))
        let position = more ? (taken.last?.number ?? cursor.position) : head
        let next = FeedCursor(
            owner: cursor.owner, position: position,
            tombstonesAfter: max(cursor.tombstonesAfter, position))
        return ChangePage(changes: habitsFirst(taken), cursor: next, more: more)
    }

    /// `changes` with each habit's change moved just before the first change
    /// of one of its entries that precedes it (a habit edited after its
    /// entries were written): a reader new to the habit learns it first.
    package static func habitsFirst(_ changes: [Change]) -> [Change] {
        var habitAt: [Int64: Int] = [:]
        for (index, change) in changes.enumerated() {
            if case .habit = change { habitAt[change.habitID] = index }
        }
        guard !habitAt.isEmpty else { return changes }
        var moved: Set<Int64> = []
        var result: [Change] = []
        result.reserveCapacity(changes.count)
        for (index, change) in changes.enumerated() {
            switch change {
            case .habit:
                if !moved.contains(change.habitID) { result.append(change) }
            case .entry, .entryDeleted:
                let id = change.habitID
                if let at = habitAt[id], at > index, !moved.contains(id) {
                    result.append(changes[at])
                    moved.insert(id)
                }
                result.append(change)
            case .habitDeleted:
                result.append(change)
            }
        }
        return result
    }
}

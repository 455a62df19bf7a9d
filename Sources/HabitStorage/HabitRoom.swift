import Foundation
import HabitCore

/// Whether an owner's habits leave room for a write, decided from the
/// habits a store counted under the owner's lock.
///
/// An owner keeps at most `Habit.maximumTotalCount` habits (archived ones
/// included) and at most `Habit.maximumActiveCount` active ones, and no two
/// active habits share a name (`HabitFields.sameName`: Unicode case, which
/// neither database's `lower` knows, so compared here). Every check throws
/// the first limit passed, in that order, and writing nothing is the
/// store's to do.
package struct HabitRoom: Hashable, Sendable {
    /// An active habit of the owner, as far as the name rule needs it.
    package struct ActiveHabit: Hashable, Sendable {
        package var id: Int64
        package var name: String

        package init(id: Int64, name: String) {
            self.id = id
            self.name = name
        }
    }

    /// How many habits the owner has, archived ones included.
    package var total: Int
    /// The owner's active habits.
    package var active: [ActiveHabit]

    package init(total: Int, active: [ActiveHabit]) {
        self.total = total
        self.active = active
    }

    /// The room `habits`, every habit of an owner, leave.
    package init(habits: [Habit]) {
        self.init(
            total: habits.count,
            active: habits.filter { $0.status == .active }.map {
                ActiveHabit(id: $0.id, name: $0.name)
            })
    }

    /// Adding `habits` habits at once, `active` of them active (an import):
    /// `.totalHabitLimit`, then `.habitLimit`, when they would pass either
    /// limit. Names are not checked.
    package func checkAdding(habits: Int, active added: Int) throws(StoreError) {
        if habits > 0, total + habits > Habit.maximumTotalCount {
            throw .totalHabitLimit(maximum: Habit.maximumTotalCount)
        }
        if added > 0, active.count + added > Habit.maximumActiveCount {
            throw .habitLimit(maximum: Habit.maximumActiveCount)
        }
    }

    /// Creating an active habit named `name`: both limits, then the name.
    package func checkNewHabit(named name: String) throws(StoreError) {
        try checkAdding(habits: 1, active: 1)
        try checkFreeName(name, except: nil)
    }

    /// Whether changing `current` to `name` and `status` needs the room
    /// checked: only when the habit is or becomes active and either becomes
    /// active or takes a name not its own (a store reads the room then).
    package static func isChecked(changing current: Habit, toName name: String, status: HabitStatus)
        -> Bool
    {
        status == .active
            && (current.status != .active || !HabitFields.sameName(current.name, name))
    }

    /// Changing `current` to `name` and `status`: re-activating an archived
    /// habit needs room for one more active habit (`.habitLimit`); an
    /// active habit needs a name no other active habit has (`.nameTaken`).
    package func checkChange(of current: Habit, toName name: String, status: HabitStatus)
        throws(StoreError)
    {
        guard Self.isChecked(changing: current, toName: name, status: status) else { return }
        if current.status != .active { try checkAdding(habits: 0, active: 1) }
        try checkFreeName(name, except: current.id)
    }

    /// `.nameTaken` when an active habit other than `except` has `name`.
    package func checkFreeName(_ name: String, except id: Int64?) throws(StoreError) {
        if active.contains(where: { $0.id != id && HabitFields.sameName($0.name, name) }) {
            throw .nameTaken(name: name)
        }
    }
}

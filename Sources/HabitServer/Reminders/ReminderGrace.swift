import Foundation

/// How late a reminder may still go out: a server that was down at the
/// time sends a missed occurrence only while it is younger than the grace
/// period; older ones are dropped, never sent in a burst.
package struct ReminderGrace: Hashable, Sendable {
    package static let `default` = ReminderGrace(seconds: 30 * 60)

    package var seconds: TimeInterval

    package init(seconds: TimeInterval) {
        self.seconds = seconds
    }

    /// The instants a runner at `now` still sends: after `now − grace`,
    /// up to `now`.
    package func window(at now: Date) -> ClosedRange<Date> {
        now.addingTimeInterval(-seconds)...now
    }
}

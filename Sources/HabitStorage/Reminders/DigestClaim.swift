import HabitCore

/// A daily digest a runner wants to send: claimed at most once per (owner,
/// local date) across every process on the database.
package struct DigestClaim: Hashable, Sendable {
    package var owner: Int64
    package var date: LocalDate
    /// The `digest.due` JSON each delivery carries; `nil` claims the day
    /// without sending anything (nothing was pending).
    package var payload: String?

    package init(owner: Int64, date: LocalDate, payload: String?) {
        self.owner = owner
        self.date = date
        self.payload = payload
    }

    /// The event id of the digest, the same in every process.
    package var eventID: String { "evt_dig_\(owner)_\(date)" }
}

import HabitCore

/// A daily digest a runner wants to send: claimed at most once per (owner,
/// local date) across every process on the database.
public struct DigestClaim: Hashable, Sendable {
    public var owner: Int64
    public var date: LocalDate
    /// The `digest.due` JSON each delivery carries; `nil` claims the day
    /// without sending anything (nothing was pending).
    public var payload: String?

    public init(owner: Int64, date: LocalDate, payload: String?) {
        self.owner = owner
        self.date = date
        self.payload = payload
    }

    /// The event id of the digest, the same in every process.
    public var eventID: String { "evt_dig_\(owner)_\(date)" }
}

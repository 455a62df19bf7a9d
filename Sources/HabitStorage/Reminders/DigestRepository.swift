import Foundation

/// The daily digest: one message per user at a chosen local time listing the
/// day's planned habits not yet done or skipped.
///
/// A digest is claimed in the database by a unique (owner, local date) row,
/// so several server processes on one PostgreSQL send it once.
package protocol DigestRepository: Sendable {
    /// The owner's digest time (`HH:MM`), `nil` when off.
    func digestTime(owner: Int64) throws(StoreError) -> String?

    /// Sets (or with `nil` turns off) the owner's digest time. Setting it
    /// when the owner has no channel yet makes a mail channel with it, as a
    /// first reminder does, so the first digest reaches them.
    func setDigestTime(_ time: String?, owner: Int64, now: Date) throws(StoreError)

    /// Every user with a digest time, with their zone, last claimed date and
    /// active habits.
    func scheduledDigests() throws(StoreError) -> [ScheduledDigest]

    /// Claims the digest of (owner, date) unless some process already has,
    /// and, with a payload, queues a `digest.due` delivery to each of the
    /// owner's channels and each webhook asking for `reminder.due`, in the
    /// same transaction. Whether this call won.
    func claimDigest(_ claim: DigestClaim, now: Date) throws(StoreError) -> Bool
}

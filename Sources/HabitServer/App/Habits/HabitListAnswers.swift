import Foundation
import HabitConcurrency
import HabitCore

/// Bodies of `GET /api/me/habits/` already worked out, per user and query,
/// until that user's habits or progress change.
///
/// An answer is kept with two things that must still hold when it is reused:
/// the generation of its user's stripe, which every write route of this
/// process moves on once its write is done (`userChanged`), and the store's
/// `externalWriteStamp`, which moves when anything else (another process on
/// the same SQLite file) commits. A store without a stamp (PostgreSQL, which
/// several processes share) gets nothing cached.
///
/// A list being worked out while a write lands is not kept: the generation
/// is read before the store is, and an answer is remembered only if it has
/// not moved since. So an answer is never older than the last write that
/// finished before the request arrived.
///
/// Memory is bounded: stripes are picked by user id, each holds at most
/// `stripeBytes` of bodies and is emptied when an answer would pass that,
/// so the whole cache holds at most `stripeCount × stripeBytes` (8 MiB) of
/// bodies. A user's answers are keyed by query, with `today` resolved.
final class HabitListAnswers: Sendable {
    static let stripeCount = 32
    /// Body bytes one stripe may hold.
    static let stripeBytes = 256 * 1024

    /// What an answer is the answer to.
    struct Key: Hashable, Sendable {
        var owner: Int64
        var status: HabitStatusFilter
        var date: LocalDate?
        /// The date deciding pending, failed and future: `nil` for a list
        /// without `date`, which it does not change.
        var today: LocalDate?
    }

    /// What must not have moved between reading the store and reusing what was read.
    struct Ticket: Sendable {
        fileprivate var generation: UInt64
        fileprivate var stamp: Int64
    }

    private struct Answer {
        var stamp: Int64
        var body: Data
    }

    private struct Stripe {
        var generation: UInt64 = 0
        var answers: [Key: Answer] = [:]
        var bytes = 0
    }

    private let stripes: [Locked<Stripe>] = (0..<stripeCount).map { _ in Locked(Stripe()) }

    private func stripe(of owner: Int64) -> Locked<Stripe> {
        stripes[Int(UInt64(bitPattern: owner) % UInt64(Self.stripeCount))]
    }

    /// The ticket to read the store with, and the answer already known for
    /// `key` if it is still good; `nil` ticket when `stamp` is `nil` (the
    /// store cannot be cached).
    func lookUp(_ key: Key, stamp: Int64?) -> (ticket: Ticket?, body: Data?) {
        guard let stamp else { return (nil, nil) }
        return stripe(of: key.owner).withLock { stripe in
            let ticket = Ticket(generation: stripe.generation, stamp: stamp)
            guard let answer = stripe.answers[key], answer.stamp == stamp else {
                return (ticket, nil)
            }
            return (ticket, answer.body)
        }
    }

    /// Keeps `body` as the answer to `key`, unless a write of the stripe's
    /// users finished since `ticket` was taken.
    func remember(_ body: Data, for key: Key, ticket: Ticket) {
        stripe(of: key.owner).withLock { stripe in
            guard stripe.generation == ticket.generation else { return }
            if stripe.bytes + body.count > Self.stripeBytes {
                stripe.answers.removeAll(keepingCapacity: true)
                stripe.bytes = 0
            }
            guard body.count <= Self.stripeBytes else { return }
            if let old = stripe.answers.updateValue(
                Answer(stamp: ticket.stamp, body: body), forKey: key)
            {
                stripe.bytes -= old.body.count
            }
            stripe.bytes += body.count
        }
    }

    /// Forgets `owner`'s answers: call once a write to their habits or
    /// progress is done (or failed), before its response is sent.
    func userChanged(_ owner: Int64) {
        stripe(of: owner).withLock { stripe in
            stripe.generation &+= 1
            stripe.answers = stripe.answers.filter { $0.key.owner != owner }
            stripe.bytes = stripe.answers.values.reduce(0) { $0 + $1.body.count }
        }
    }
}

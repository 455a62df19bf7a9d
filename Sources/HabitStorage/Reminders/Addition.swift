/// The outcome of adding a bounded thing (a reminder, a channel, a webhook):
/// the limit is checked atomically with the insert.
package enum Addition<Value: Sendable>: Sendable {
    case added(Value)
    /// The habit (or another thing named) is not the owner's.
    case notFound
    /// The owner already has `maximum` of them; nothing was written.
    case limitReached(maximum: Int)
}

/// What adding a bounded thing (a reminder, a channel, a webhook) comes
/// to, decided from what the store read under the owner's lock: once for
/// both stores.
///
/// The order is the rule: a target that is not the owner's answers
/// `notFound`; the same thing stored already is answered as added (adding
/// it again changes nothing, even at the limit); then the limit; only then
/// is anything inserted.
package enum AdditionDecision<Value: Sendable>: Sendable {
    /// The answer, with nothing to write.
    case answer(Addition<Value>)
    /// Insert it: there is room and no copy.
    case insert

    /// Decides from the ownership check (`owned`), the copy found (`same`,
    /// `nil` for none or for things that have no copies) and how many the
    /// owner (or the habit) holds (`count`) against `maximum`.
    package static func decide(owned: Bool, same: Value?, count: Int, maximum: Int) -> Self {
        guard owned else { return .answer(.notFound) }
        if let same { return .answer(.added(same)) }
        guard count < maximum else { return .answer(.limitReached(maximum: maximum)) }
        return .insert
    }
}

extension ReminderLimits {
    /// Whether a reminder's insert also gives the owner the default mail
    /// channel: a reminder needs a way out, and an owner with no channel
    /// yet has none (one with channels chose them).
    package static func addsDefaultChannel(channelCount: Int) -> Bool {
        channelCount == 0
    }
}

/// Whether a new personal access token may be stored, decided from what
/// the store read under the owner's lock: once for both stores.
///
/// The order is the rule: a habit that is not the owner's first, then a
/// name another live token has, then the limit on live tokens (expired
/// ones count until revoked).
package enum AccessTokenCheck {
    /// The refusal, or `nil` to insert the token. `habitOwned` is `nil`
    /// when the token names no habit.
    package static func refusal(
        name: String, habitOwned: Bool?, liveNames: [String], maximum: Int
    ) -> AccessTokenCreation? {
        if habitOwned == false { return .habitNotFound }
        if liveNames.contains(name) { return .nameTaken }
        if liveNames.count >= maximum { return .limitReached(maximum: maximum) }
        return nil
    }
}

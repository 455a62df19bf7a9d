/// Who may create an account: `--signup open|allowlist|closed`, the
/// allowlist, and the most accounts the server holds.
///
/// The policy only decides about addresses without an account: an existing
/// account always signs in, whatever the policy says now. A refused address
/// is answered like any other, under the same limits and in the same time
/// (so the answer tells nobody which addresses have accounts), and is sent
/// no mail (see `APIResponder.requestCode`).
package struct SignupPolicy: Hashable, Sendable {
    package enum Mode: String, Hashable, Sendable, CaseIterable {
        /// Anyone may sign up (the default).
        case open
        /// Only the addresses and domains of the allowlist.
        case allowlist
        /// Nobody new: existing accounts only.
        case closed
    }

    package var mode: Mode
    package var allowed: AllowedEmails
    /// No new account once this many exist; `nil` for no limit.
    package var maximumAccounts: Int?

    package init(
        mode: Mode = .open, allowed: AllowedEmails = AllowedEmails(), maximumAccounts: Int? = nil
    ) {
        self.mode = mode
        self.allowed = allowed
        self.maximumAccounts = maximumAccounts
    }

    /// Whether every address may sign up, so nothing need be looked up.
    package var admitsEveryone: Bool { mode == .open && maximumAccounts == nil }

    /// Whether `email` (normalised, without an account) may create one
    /// while `accountCount` accounts exist.
    package func admitsNewAccount(email: String, accountCount: Int) -> Bool {
        if let maximumAccounts, accountCount >= maximumAccounts { return false }
        switch mode {
        case .open: return true
        case .allowlist: return allowed.contains(email)
        case .closed: return false
        }
    }
}

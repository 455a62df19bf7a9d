import HabitStorage

/// Sign-up control: whether an address may get a code and an account.
extension APIResponder {
    /// Whether `email` may sign in: always with an account, else when the
    /// sign-up policy admits a new one. Asks the store nothing when everyone
    /// is admitted (the default). Otherwise it asks the same questions
    /// whatever the answer, so the time taken does not tell it.
    func admitsSignIn(_ email: String) throws(APIError) -> Bool {
        let policy = settings.signup
        guard !policy.admitsEveryone else { return true }
        let exists = try stored { () throws(StoreError) in try store.accountExists(email: email) }
        let count =
            policy.maximumAccounts == nil
            ? 0 : try stored { () throws(StoreError) in try store.accountCount() }
        return exists || policy.admitsNewAccount(email: email, accountCount: count)
    }
}

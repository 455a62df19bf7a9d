/// What running the server needs to know about its database beyond the
/// API's data: whether it answers (`/readyz`), and the accounts sign-up
/// control counts.
package protocol OperationsRepository: Sendable {
    /// Throws when the database does not answer, or holds another schema
    /// version than this build's (`.newerSchema`, or `.unavailable` naming
    /// the version found).
    func checkReadiness() throws(StoreError)

    /// Whether an account with exactly this (normalised) address exists.
    func accountExists(email: String) throws(StoreError) -> Bool

    /// How many accounts the database holds.
    func accountCount() throws(StoreError) -> Int

    /// How busy the database connections are; nil for a store without a pool.
    func poolStatistics() -> DatabasePoolStatistics?
}

extension OperationsRepository {
    package func poolStatistics() -> DatabasePoolStatistics? { nil }
}

/// Room reserved for the next saved credentials, taken before an operation
/// whose result must be saved.
///
/// A token refresh is the reason: once the server has rotated a refresh token,
/// the old one is spent, so failing to save the new one (a full disk) would
/// sign the person out. The store reserves the space first (for a file: the
/// temporary file created and written to size), and only then is the refresh
/// sent. Filling the slot replaces the credentials atomically; a slot dropped
/// unfilled leaves them as they were.
package protocol CredentialsSlot: Sendable {
    /// Saves `credentials` into the reserved room and makes them the saved ones.
    /// Credentials larger than the reservation are saved in the ordinary way.
    func fill(_ credentials: StoredCredentials) throws(TokenStoreError)
}

/// The slot of a store that needs no reservation: filling it is `save`.
struct DirectCredentialsSlot: CredentialsSlot {
    let store: any TokenStore

    func fill(_ credentials: StoredCredentials) throws(TokenStoreError) {
        try store.save(credentials)
    }
}

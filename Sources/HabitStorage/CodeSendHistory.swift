import Foundation

/// What a store read before storing a sign-in code, for the caller's limit
/// to decide on: when codes went to the address, and when each client
/// asked for one.
package struct CodeSendHistory: Hashable, Sendable {
    /// The sends to the address at or after the window's start, oldest first.
    package var email: [Date]
    /// For each client key passed to `storeCode`, in that order, the code
    /// requests it made at or after the window's start, oldest first.
    package var clients: [[Date]]

    package init(email: [Date], clients: [[Date]] = []) {
        self.email = email
        self.clients = clients
    }
}

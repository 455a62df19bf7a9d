import Foundation
import HabitCore

/// Why a call to the habits API failed: what happened, as a case and its
/// fields.
///
/// The library says no sentence: a program using it words each case for
/// its people (the `habits` command line decides its sentences, hints and
/// exit statuses in one place, `CommandError+Failures`). No case ever
/// carries a token or a sign-in code.
package enum APIError: Error, Hashable, Sendable {
    /// The server URL is not an http:// or https:// URL with a host.
    case invalidServerURL(String)
    /// Plain http:// to a host that is not this machine, without allowing it.
    case insecureServer(URL)
    /// No connection could be made or kept (refused, unknown host, lost).
    case unreachable(host: String)
    /// The connection broke after the request may have reached the server
    /// (reset, closed early, an answer that is not HTTP), and nothing changes
    /// on the server for this kind of request.
    case connectionLost(host: String)
    /// The connection broke after a change was sent, and a retry did not
    /// settle it: the change may or may not have been applied.
    case outcomeUnknown(host: String)
    /// The server has no route for a feature the client asked for (at `path`).
    case notSupported(path: String)
    /// The client lost track of an answer it needed: a bug, never the server's fault.
    case internalInconsistency(String)
    /// The account holds the most habits a server keeps, archived included.
    case habitTotalLimit(message: String)
    /// The server took too long to answer.
    case timeout(host: String)
    /// A secure (TLS) connection could not be set up.
    case secureConnectionFailed(host: String)
    /// The server failed (HTTP 5xx).
    case server(status: Int)
    /// Too many requests; try again after `retryAfter` seconds when the server said.
    case rateLimited(retryAfter: Int?)
    /// The server rejected the input, naming each field's problems.
    case validation(ValidationError)
    /// The server refused the request for a reason that is not about one field.
    case rejected(status: Int, message: String)
    /// The habit does not exist, or belongs to another account.
    case notFound
    /// The account already has the maximum number of active habits.
    case habitLimit(message: String)
    /// Another active habit of the account has the name (409
    /// `habit_name_taken`).
    case habitNameTaken
    /// There is no saved session.
    case signedOut
    /// The saved session belongs to another server than the one configured.
    case signedInElsewhere(server: String)
    /// The session can no longer be renewed: sign in again.
    case sessionExpired
    /// The sign-in code is wrong, expired, already used or burned.
    case invalidCode
    /// No code was requested on this device: there is no address to sign in with.
    case noPendingSignIn
    /// The server sent an access token the client cannot read.
    case unreadableToken(TokenProblem)
    /// The server answered with something that does not fit the API.
    case unexpectedResponse(status: Int, path: String)
    /// Saved credentials could not be read, written or locked.
    case storage(TokenStoreError)
    /// The call was cancelled before it finished.
    case cancelled
}

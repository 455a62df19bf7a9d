import Foundation
import HabitCore

/// Why a call to the habits API failed, in terms a person can act on.
///
/// Every case has a `description` that is one sentence saying what happened,
/// in words that fit any program using the library; what a person should do
/// about it is for the program to say (the `habits` command line decides its
/// sentences, hints and exit statuses in one place). No case ever carries a
/// token or a sign-in code.
public enum APIError: Error, Hashable, Sendable, CustomStringConvertible {
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
    /// The server sent a token the client cannot read.
    case unreadableToken(reason: String)
    /// The server answered with something that does not fit the API.
    case unexpectedResponse(status: Int, path: String)
    /// Saved credentials could not be read, written or locked.
    case storage(TokenStoreError)
    /// The call was cancelled before it finished.
    case cancelled

    public var description: String {
        switch self {
        case .invalidServerURL(let text):
            return
                "\"\(text)\" is not a server URL (one like https://habits.example.com/api/)."
        case .insecureServer(let url):
            return
                "Credentials are not sent over plain http:// to \(url.host ?? "a remote host"), another machine: only https:// or this machine are allowed unless insecure connections are allowed."
        case .unreachable(let host):
            return "Cannot reach the habits server at \(host)."
        case .connectionLost(let host):
            return "The connection to the habits server at \(host) broke before an answer arrived."
        case .outcomeUnknown(let host):
            return
                "The connection to the habits server at \(host) broke after the change was sent, so it may have been applied."
        case .notSupported(let path):
            return "The server does not offer \(path)."
        case .internalInconsistency(let what):
            return "The client lost track of an answer (\(what)); this is a bug in habits."
        case .habitTotalLimit(let message):
            return message.isEmpty
                ? "The account holds as many habits as the server keeps." : message
        case .timeout(let host):
            return "The habits server at \(host) did not answer in time."
        case .secureConnectionFailed(let host):
            return "Cannot set up a secure connection to \(host)."
        case .server(let status):
            return "The habits server failed (HTTP \(status))."
        case .rateLimited(let retryAfter?):
            return
                "Too many requests; the server accepts more in \(retryAfter) second\(retryAfter == 1 ? "" : "s")."
        case .rateLimited(nil):
            return "Too many requests; the server accepts no more for now."
        case .validation(let error):
            let problems = error.fields.keys.sorted().map { field in
                "\(field): \(error.fields[field, default: []].joined(separator: " "))"
            }
            return problems.isEmpty
                ? "The server rejected the input."
                : "The server rejected the input: \(problems.joined(separator: "; "))"
        case .rejected(let status, let message):
            return "The server refused the request (HTTP \(status)): \(message)"
        case .notFound:
            return "No such habit on the server (it may have been deleted)."
        case .habitLimit(let message):
            return message.isEmpty
                ? "The account already has \(Habit.maximumActiveCount) active habits."
                : message
        case .habitNameTaken:
            return "Another active habit of the account has this name."
        case .signedOut:
            return "No session is saved: not signed in."
        case .signedInElsewhere(let server):
            return "The saved session is for another server (\(server))."
        case .sessionExpired:
            return "The session has expired."
        case .invalidCode:
            return "The server did not accept the sign-in code: it is wrong or has expired."
        case .noPendingSignIn:
            return "No sign-in code was requested on this device."
        case .unreadableToken(let reason):
            return "The server sent a sign-in token the client cannot read (\(reason))."
        case .unexpectedResponse(let status, let path):
            return status == 0
                ? "The server's answer to \(path) was not HTTP."
                : "The server answered \(path) with HTTP \(status), which the habits API does not."
        case .storage(let error):
            return error.description
        case .cancelled:
            return "The request was cancelled."
        }
    }

    /// Whether signing in again is what fixes this error.
    public var needsSignIn: Bool {
        switch self {
        case .signedOut, .signedInElsewhere, .sessionExpired, .noPendingSignIn: return true
        default: return false
        }
    }
}

import Foundation

/// Sends one POST to a target the server's policy allows: how reminders
/// reach ntfy topics and webhooks.
package protocol OutboundPoster: Sendable {
    /// POSTs `body` to `url` with `headers`; the status, or why it failed
    /// (refused by the policy, unreachable, timed out) as one sentence.
    func post(url: String, headers: [(String, String)], body: Data) -> Result<Int, PostFailure>
}

/// Why a POST did not get an answer: one sentence that names no secret.
package struct PostFailure: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}

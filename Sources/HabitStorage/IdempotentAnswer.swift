import Foundation

/// An answer remembered under an idempotency key: the status and the body,
/// given again unchanged to a repeat of the request.
package struct IdempotentAnswer: Hashable, Sendable {
    package var status: Int
    package var body: Data

    package init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

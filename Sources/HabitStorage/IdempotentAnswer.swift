import Foundation

/// An answer remembered under an idempotency key: the status and the body,
/// given again unchanged to a repeat of the request.
public struct IdempotentAnswer: Hashable, Sendable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

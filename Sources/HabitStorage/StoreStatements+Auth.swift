import Foundation

/// `AuthRepository`'s keyed write, written once for both stores.
extension StoreStatements {
    package func storeCode<Refusal: Sendable>(
        email: String, clients: [String], codeHash: String, sentAt: Date, expiresAt: Date,
        sendTimesSince since: Date, refusal: (CodeSendHistory) -> Refusal?,
        idempotency: IdempotencyRecord<Refusal?>?
    ) throws(StoreError) -> Idempotent<Refusal?> {
        try writeOnce(idempotency) { connection throws(StoreError) in
            try Self.insertCode(
                connection, email: email, clients: clients, codeHash: codeHash, sentAt: sentAt,
                expiresAt: expiresAt, since: since, refusal: refusal)
        }
    }
}

import Foundation
import HabitAPI
import HabitCore
import HabitHTTP
import HabitStorage

/// `POST /api/checkin/{token}/`: the check-in URL.
extension APIResponder {
    /// Adds `amount` (1 when the body has none) to today's value of the
    /// habit a one-habit `check-in` token names, today being the account's
    /// date at the injected clock's instant (`User.today(at:)`: its zone and
    /// day boundary, so a tap at 01:30 before a 03:00 boundary counts for
    /// the previous date): the increment, so repeated
    /// taps add up. Answers the day's entry as the increment does. Takes an
    /// `Idempotency-Key`, remembered under the account with the token's id,
    /// never its text. 401 for an unknown, revoked or expired token; 403
    /// for any other token.
    func checkIn(_ request: HTTPRequest, token text: String) throws(APIError) -> HTTPResponse {
        let now = now()
        let token = try usableAccessToken(text, now: now)
        guard token.scope == .checkIn, let habitID = token.habitID else {
            throw .insufficientScope
        }
        let owner = token.owner
        defer { listAnswers.userChanged(owner) }
        let keyText = try idempotencyKey(request)
        let key = keyText.map {
            IdempotencyRequest(
                scope: Self.scope(user: owner), key: $0,
                fingerprint: "POST /api/checkin/{token \(token.id)}/ "
                    + SHA256.hex(SHA256.digest(request.body)))
        }
        let amount: Decimal
        let note: NoteChange
        do throws(APIError) {
            var object = try bodyObject(request)
            if object["amount"] == nil { object["amount"] = .number(1) }
            (amount, note) = try validated { () throws(ValidationError) in
                try HabitInput.increment(from: object)
            }
        } catch {
            return try refusal(error, for: key)
        }
        guard let user = try stored({ () throws(StoreError) in try store.user(id: owner) }) else {
            throw .tokenNotValid
        }
        return try increment(
            habitID: habitID, owner: owner, date: user.today(at: now),
            amount: amount, note: note, key: key, now: now)
    }
}

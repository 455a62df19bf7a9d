import Foundation
import HabitCore

/// An account, created when an address first verifies a code.
package struct User: Hashable, Sendable, Codable {
    package var id: Int64
    package var email: String
    /// The IANA name of the account's time zone (`Europe/Berlin`), `nil`
    /// until the account sets one: see `zone`.
    package var timeZone: String?
    /// When the account's day ends (`day_starts_at`, rule 7): 00:00 until set.
    package var dayStartsAt: DayBoundary

    package init(
        id: Int64, email: String, timeZone: String? = nil, dayStartsAt: DayBoundary = .midnight
    ) {
        self.id = id
        self.email = email
        self.timeZone = timeZone
        self.dayStartsAt = dayStartsAt
    }

    /// The account's date at `instant`: in its zone, and before its day
    /// boundary still the previous date. The server's own "today" (the
    /// list's default, the calendar feed, the check-in URL, reminders and
    /// the digest) is this.
    package func today(at instant: Date) -> LocalDate {
        dayStartsAt.date(at: instant, in: zone)
    }

    /// The account's time zone, which decides the date "today" is for the
    /// server's own doings (calendar feed, check-in URL, reminders): the one
    /// set, else UTC. A stored name this system no longer knows reads as UTC.
    package var zone: TimeZone {
        timeZone.flatMap(TimeZone.init(identifier:)) ?? Self.defaultZone
    }

    /// The zone of an account that set none, by name (Foundation on Linux
    /// calls UTC's zone `GMT`; the API says `UTC`).
    package static let defaultZoneName = "UTC"

    /// The zone of an account that set none.
    package static let defaultZone = TimeZone(secondsFromGMT: 0)!

    enum CodingKeys: String, CodingKey {
        case id, email
        case timeZone = "time_zone"
        case dayStartsAt = "day_starts_at"
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        email = try c.decode(String.self, forKey: .email)
        timeZone = try c.decodeIfPresent(String.self, forKey: .timeZone)
        dayStartsAt = try c.decodeIfPresent(DayBoundary.self, forKey: .dayStartsAt) ?? .midnight
    }
}

/// The outcome of checking a sign-in code, decided atomically by the store.
package enum CodeCheck: Hashable, Sendable {
    /// The code matched; it has been consumed (single use).
    case accepted
    /// It did not match; the attempt was counted.
    case rejected
    /// No code is pending for the address.
    case missing
    /// The pending code has expired.
    case expired
    /// Too many wrong attempts: the code is burned until a new one is requested.
    case burned
}

/// One refresh token as the server remembers it (never the token text itself).
package struct RefreshTokenRecord: Hashable, Sendable {
    package var jti: String
    /// Every token descended from one sign-in shares a family; reuse revokes it.
    package var familyID: String
    /// The token this one replaced, `nil` for the first of a family.
    package var parentJTI: String?
    package var userID: Int64
    package var issuedAt: Date
    package var expiresAt: Date

    package init(
        jti: String, familyID: String, parentJTI: String?, userID: Int64, issuedAt: Date,
        expiresAt: Date
    ) {
        self.jti = jti
        self.familyID = familyID
        self.parentJTI = parentJTI
        self.userID = userID
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
    }
}

/// The outcome of presenting a refresh token, decided atomically by the store.
package enum RefreshRotation: Hashable, Sendable {
    /// The presented token was the newest of its family: it is now revoked and
    /// `new` (its child) is the newest.
    case rotated(new: RefreshTokenRecord)
    /// The presented token is the immediate parent of the newest and was
    /// rotated within the grace window: the caller re-issues `newest` (same
    /// jti and claims), so racing clients end up holding the same token.
    case replayedWithinGrace(newest: RefreshTokenRecord)
    /// Any other reuse: the whole family has been revoked.
    case reuseDetected
    /// Unknown, expired, or already revoked token.
    case invalid
}

/// Users, sign-in codes and refresh-token families for the server.
///
/// Each method that decides something (code checks, rotation) does so in one
/// transaction, so concurrent requests cannot both win.
package protocol AuthRepository: Sendable {
    func user(id: Int64) throws(StoreError) -> User?

    /// The account for `email` (already normalised), created if absent.
    func findOrCreateUser(email: String, now: Date) throws(StoreError) -> User

    /// Stores the hash of a new code for `email`, replacing any pending code
    /// (and its attempt count), and records the send time for the address and
    /// for each of `clients` (keys of the client that asked), unless `refusal`
    /// objects; all in one transaction, so simultaneous requests (from any
    /// process using the store) cannot all pass a limit. `refusal` sees when
    /// codes were sent to `email` and requested by each client at or after
    /// `since`, oldest first, and returns why not (nothing is stored then) or
    /// nil to go ahead; it must not call the store. Its answer is
    /// remembered under `idempotency` in the same transaction when given
    /// (see `IdempotencyRecord`).
    func storeCode<Refusal: Sendable>(
        email: String, clients: [String], codeHash: String, sentAt: Date, expiresAt: Date,
        sendTimesSince since: Date, refusal: (CodeSendHistory) -> Refusal?,
        idempotency: IdempotencyRecord<Refusal?>?
    ) throws(StoreError) -> Idempotent<Refusal?>

    /// Checks a code for `email` atomically. `matches` compares the stored hash
    /// with the presented code in constant time. After `maximumAttempts` wrong
    /// tries the code is burned.
    func checkCode(
        email: String, now: Date, maximumAttempts: Int, matches: (String) -> Bool
    ) throws(StoreError) -> CodeCheck

    /// Records the first refresh token of a new family.
    func insertRefreshToken(_ record: RefreshTokenRecord) throws(StoreError)

    /// Presents refresh token `jti` atomically; `makeChild` builds the token
    /// that replaces it (same family and user, parent = `jti`).
    func rotateRefreshToken(
        jti: String, now: Date, grace: TimeInterval,
        makeChild: (RefreshTokenRecord) -> RefreshTokenRecord
    ) throws(StoreError) -> RefreshRotation

    /// Revokes the family of token `jti`; nothing happens when it is unknown.
    func revokeFamily(ofToken jti: String) throws(StoreError)

    /// Sets the account's time zone to `identifier` (an IANA name the
    /// caller has validated) and returns the account; `nil` when there is
    /// no account `userID`.
    func setTimeZone(_ identifier: String, userID: Int64) throws(StoreError) -> User?

    /// Sets when the account's day ends and returns the account; `nil` when
    /// there is no account `userID`.
    func setDayStartsAt(_ boundary: DayBoundary, userID: Int64) throws(StoreError) -> User?
}

extension AuthRepository {
    /// `storeCode` without an idempotency key.
    package func storeCode<Refusal: Sendable>(
        email: String, clients: [String], codeHash: String, sentAt: Date, expiresAt: Date,
        sendTimesSince since: Date, refusal: (CodeSendHistory) -> Refusal?
    ) throws(StoreError) -> Refusal? {
        try Idempotent.performedValue(
            storeCode(
                email: email, clients: clients, codeHash: codeHash, sentAt: sentAt,
                expiresAt: expiresAt, sendTimesSince: since, refusal: refusal, idempotency: nil))
    }

    /// `storeCode` limited by the address's sends alone.
    package func storeCode<Refusal: Sendable>(
        email: String, codeHash: String, sentAt: Date, expiresAt: Date,
        sendTimesSince since: Date, refusal: ([Date]) -> Refusal?
    ) throws(StoreError) -> Refusal? {
        try storeCode(
            email: email, clients: [], codeHash: codeHash, sentAt: sentAt, expiresAt: expiresAt,
            sendTimesSince: since, refusal: { refusal($0.email) })
    }

    /// `storeCode` limited by the address's sends alone, under an idempotency key.
    package func storeCode<Refusal: Sendable>(
        email: String, codeHash: String, sentAt: Date, expiresAt: Date,
        sendTimesSince since: Date, refusal: ([Date]) -> Refusal?,
        idempotency: IdempotencyRecord<Refusal?>
    ) throws(StoreError) -> Idempotent<Refusal?> {
        try storeCode(
            email: email, clients: [], codeHash: codeHash, sentAt: sentAt, expiresAt: expiresAt,
            sendTimesSince: since, refusal: { refusal($0.email) }, idempotency: idempotency)
    }
}

extension AuthRepository {
    /// How long send records and long-expired codes are kept before a store
    /// prunes them (longer than any rate-limit window the server uses).
    package static var authRecordRetention: TimeInterval { 86_400 }
}

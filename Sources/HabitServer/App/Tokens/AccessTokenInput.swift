import Foundation
import HabitAPI
import HabitCore
import HabitStorage

/// The body of `POST /api/me/tokens/`, read and checked.
struct AccessTokenInput {
    static let maximumNameLength = 64
    static let nameMessage =
        "Enter a name of 1 to 64 characters on one line, such as \"kitchen button\"."
    static let scopeMessage = "Choose one of read, check-in or write."
    static let habitMessage = "No such habit."
    static let habitScopeMessage = "Only a check-in token names a habit."
    static let habitTypeMessage = "A habit id (a whole number) is required."
    static let expiryMessage =
        "Enter a time in RFC 3339 form, such as 2027-01-01T00:00:00Z, after the present."

    var name: String
    var scope: AccessScope
    var habitID: Int64?
    var expiresAt: Date?

    /// Reads the fields, reporting every problem together; an expiry must
    /// be after `now`.
    init(_ object: [String: JSONValue], now: Date) throws(ValidationError) {
        var body = BodyFields(object)
        let rawName = body.string("name", required: true)
        let rawScope = body.string("scope", required: true)
        var name: String?
        if let rawName {
            let trimmed = rawName.trimmingCharacters(in: .whitespaces)
            // Unicode scalars of the name as given, as JSON Schema's
            // `maxLength` counts (openapi.yaml), not grapheme clusters.
            if trimmed.isEmpty || rawName.unicodeScalars.count > Self.maximumNameLength
                || trimmed.unicodeScalars.contains(where: {
                    $0.properties.generalCategory == .control
                })
            {
                body.report([Self.nameMessage], for: "name")
            } else {
                name = trimmed
            }
        }
        var scope: AccessScope?
        if let rawScope {
            scope = AccessScope(rawValue: rawScope)
            if scope == nil { body.report([Self.scopeMessage], for: "scope") }
        }
        var habitID: Int64?
        switch object["habit_id"] {
        case nil, .null?:
            break
        case .number(let number)?:
            var value = number
            var rounded = Decimal()
            NSDecimalRound(&rounded, &value, 0, .plain)
            if rounded == number, number >= 0, number <= Decimal(Int64.max) {
                habitID = NSDecimalNumber(decimal: number).int64Value
            } else {
                body.report([Self.habitTypeMessage], for: "habit_id")
            }
            if let scope, scope != .checkIn {
                body.report([Self.habitScopeMessage], for: "habit_id")
            }
        default:
            body.report([Self.habitTypeMessage], for: "habit_id")
        }
        var expiresAt: Date?
        switch object["expires_at"] {
        case nil, .null?:
            break
        case .string(let text)?:
            if let date = RFC3339.date(from: text), date > now {
                expiresAt = date
            } else {
                body.report([Self.expiryMessage], for: "expires_at")
            }
        default:
            body.report([Self.expiryMessage], for: "expires_at")
        }
        guard let name, let scope, body.errors.isEmpty else { throw body.errors }
        self.name = name
        self.scope = scope
        self.habitID = habitID
        self.expiresAt = expiresAt
    }
}

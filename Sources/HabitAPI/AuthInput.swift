import Foundation
import HabitCore

/// Turns request bodies of the auth routes into values, reporting every
/// problem together like the habit routes do.
package enum AuthInput {
    /// `{"email"}` of `POST /api/auth/email/`.
    package static func email(from object: [String: JSONValue]) throws(ValidationError)
        -> EmailAddress
    {
        var body = BodyFields(object)
        let address = readEmail(&body)
        guard let address else { throw body.errors }
        return address
    }

    /// `{"email", "code"}` of `POST /api/auth/token/`.
    package static func credentials(from object: [String: JSONValue]) throws(ValidationError) -> (
        email: EmailAddress, code: String
    ) {
        var body = BodyFields(object)
        let address = readEmail(&body)
        let code = body.string("code", required: true)
        if let code, code.isEmpty { body.report(["This field may not be blank."], for: "code") }
        guard let address, let code, body.errors.isEmpty else { throw body.errors }
        return (address, code)
    }

    /// `{"refresh"}` of the refresh and logout routes.
    package static func refreshToken(from object: [String: JSONValue]) throws(ValidationError)
        -> String
    {
        var body = BodyFields(object)
        let token = body.string("refresh", required: true)
        if let token, token.isEmpty {
            body.report(["This field may not be blank."], for: "refresh")
        }
        guard let token, body.errors.isEmpty else { throw body.errors }
        return token
    }

    private static func readEmail(_ body: inout BodyFields) -> EmailAddress? {
        guard let text = body.string("email", required: true) else { return nil }
        guard let address = EmailAddress(text) else {
            body.report([EmailAddress.invalidMessage], for: "email")
            return nil
        }
        return address
    }
}

import Foundation
import Testing

@testable import HabitClient
@testable import HabitCore

@Suite struct ErrorResponseTests {
    let now = Date(timeIntervalSince1970: 1_796_065_200)

    func response(_ status: Int, _ body: String, headers: [String: String] = [:])
        -> TransportResponse
    {
        TransportResponse(status: status, headers: headers, body: Data(body.utf8))
    }

    @Test func readsThisAPIsForm() throws {
        let body = try #require(
            ServerErrorBody(
                json: Data(
                    #"{"code":"invalid","message":"Check the fields.","fields":{"name":["This field may not be blank."],"target_value":["Ensure this value is greater than 0.","Enter a number."]}}"#
                        .utf8)))
        #expect(body.code == "invalid")
        #expect(body.message == "Check the fields.")
        #expect(body.fields["name"] == ["This field may not be blank."])
        #expect(body.fields["target_value"]?.count == 2)
    }

    @Test func readsDjangoRESTFrameworkDetail() throws {
        let body = try #require(
            ServerErrorBody(
                json: Data(
                    #"{"detail":"Given token not valid for any token type","code":"token_not_valid","messages":[{"token_class":"AccessToken"}]}"#
                        .utf8)))
        #expect(body.code == "token_not_valid")
        #expect(body.message == "Given token not valid for any token type")
        #expect(body.fields.isEmpty)
    }

    @Test func readsDjangoRESTFrameworkFieldErrors() throws {
        let body = try #require(
            ServerErrorBody(
                json: Data(
                    #"{"email":["Enter a valid email address."],"non_field_errors":["Unable to sign in."],"nested":{"inner":["Bad."]},"single":"Just text."}"#
                        .utf8)))
        #expect(body.code == nil)
        #expect(body.message == "Unable to sign in.")
        #expect(body.fields["email"] == ["Enter a valid email address."])
        #expect(body.fields["nested.inner"] == ["Bad."])
        #expect(body.fields["single"] == ["Just text."])
        #expect(body.fields["non_field_errors"] == nil)
    }

    @Test func ignoresWhatIsNotJSON() {
        #expect(ServerErrorBody(json: Data("<html><h1>502 Bad Gateway</h1></html>".utf8)) == nil)
        #expect(ServerErrorBody(json: Data()) == nil)
        #expect(ServerErrorBody(json: Data([0xff, 0xfe])) == nil)
    }

    @Test func makesServerTextPrintable() throws {
        let body = try #require(
            ServerErrorBody(json: Data(#"{"detail":"Bad\u001b[31m red\n\tline"}"#.utf8)))
        // The escape sequence goes whole, not just its ESC byte.
        #expect(body.message == "Bad red line")
        let long = String(repeating: "x", count: 1000)
        let capped = try #require(ServerErrorBody(json: Data(#"{"detail":"\#(long)"}"#.utf8)))
        #expect(capped.message?.count == 300)
    }

    @Test func masksTokensInServerText() {
        let token = UnsignedToken.access(expiringAt: now)
        #expect(PrintableText.line("your token \(token) is bad") == "your token [token] is bad")
        #expect(
            PrintableText.snippet(of: Data(#"{"access":"\#(token)"}"#.utf8)).contains("[token]"))
        #expect(!PrintableText.snippet(of: Data(#"{"access":"\#(token)"}"#.utf8)).contains(token))
        #expect(PrintableText.line("version 1.2.3 works") == "version 1.2.3 works")
    }

    @Test func validationErrorsNameEachField() {
        let error = APIError(
            response: response(
                400,
                #"{"code":"invalid","message":"x","fields":{"name":["Too long."],"action_days":["Pick one."]}}"#
            ),
            context: .account, path: "/api/me/habits/", deviceNow: now)
        #expect(
            error
                == .validation(
                    ValidationError(fields: ["name": ["Too long."], "action_days": ["Pick one."]])))
        let drf = APIError(
            response: response(400, #"{"target_value":["A valid number is required."]}"#),
            context: .account, path: "/api/me/habits/", deviceNow: now)
        #expect(
            drf
                == .validation(
                    ValidationError(fields: ["target_value": ["A valid number is required."]])))
    }

    @Test func rateLimitReadsRetryAfterInSecondsOrAsADate() {
        let seconds = APIError(
            response: response(
                429, #"{"code":"rate_limited","message":"Slow down."}"#,
                headers: ["Retry-After": "42"]),
            context: .requestCode, path: "/api/me/habits/", deviceNow: now)
        #expect(seconds == .rateLimited(retryAfter: 42))
        let date = APIError(
            response: response(429, "", headers: ["retry-after": "Mon, 30 Nov 2026 19:01:30 GMT"]),
            context: .requestCode, path: "/api/me/habits/", deviceNow: now)
        #expect(date == .rateLimited(retryAfter: 90))
        let none = APIError(
            response: response(429, ""), context: .requestCode, path: "/api/me/habits/",
            deviceNow: now)
        #expect(none == .rateLimited(retryAfter: nil))
    }

    @Test func serverErrorsWithHTMLBodiesAreServerErrors() {
        let error = APIError(
            response: response(
                500, "<html><body>Internal Server Error</body></html>",
                headers: ["Content-Type": "text/html"]),
            context: .account, path: "/api/me/habits/", deviceNow: now)
        #expect(error == .server(status: 500))
    }

    @Test func statusesMeanWhatTheRouteSays() {
        func error(_ status: Int, _ body: String, _ context: ResponseContext) -> APIError {
            APIError(
                response: response(status, body), context: context, path: "/api/me/habits/",
                deviceNow: now)
        }
        #expect(
            error(401, #"{"code":"invalid_code","message":"Wrong code."}"#, .signIn) == .invalidCode
        )
        #expect(error(400, #"{"detail":"Invalid code."}"#, .signIn) == .invalidCode)
        #expect(error(400, #"{"code":["Enter 6 digits."]}"#, .signIn) == .invalidCode)
        #expect(
            error(
                400,
                #"{"code":"invalid","message":"x","fields":{"email":["Enter a valid email address."]}}"#,
                .signIn)
                == .validation(ValidationError(fields: ["email": ["Enter a valid email address."]]))
        )
        #expect(error(401, #"{"code":"not_authenticated","message":"x"}"#, .account) == .signedOut)
        #expect(error(401, #"{"code":"token_not_valid","message":"x"}"#, .habit) == .sessionExpired)
        #expect(error(404, #"{"code":"not_found","message":"x"}"#, .habit) == .notFound)
        #expect(
            error(
                409, #"{"code":"habit_limit","message":"You already have 15 active habits."}"#,
                .account)
                == .habitLimit(message: "You already have 15 active habits."))
        #expect(
            error(403, #"{"detail":"You do not have permission."}"#, .account)
                == .rejected(status: 403, message: "You do not have permission."))
        // A 404 outside a habit route means the URL is not a habits API.
        #expect(
            error(404, "<h1>Not Found</h1>", .account)
                == .unexpectedResponse(status: 404, path: "/api/me/habits/"))
        // No body is ever quoted: it is raw server text, perhaps a token.
        #expect(
            error(302, "secret", .signIn)
                == .unexpectedResponse(status: 302, path: "/api/me/habits/"))
        #expect(
            error(418, "secret", .account)
                == .unexpectedResponse(status: 418, path: "/api/me/habits/"))
        #expect(!"\(error(418, "secret", .account))".contains("secret"))
        #expect(
            error(409, #"{"code":"habit_total_limit","message":"You have 200 habits."}"#, .account)
                == .habitTotalLimit(message: "You have 200 habits."))
    }
}

import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// The headers every answer carries over a real connection: API answers
/// (tokens, `/me`, habits) are never stored by a cache (RFC 6749 §5.1 asks
/// it of token answers), and no answer is sniffed into another type.
@Suite struct AnswerHeadersTests {
    @Test func apiAnswersAreNotStoredAndNoAnswerIsSniffed() throws {
        try withAPIServer { server in
            let tokens = try server.signIn("someone@example.com")
            _ = try server.createHabit(token: tokens.access)
            let refreshed = try server.request(
                "POST", "/api/auth/token/refresh/", body: #"{"refresh": "\#(tokens.refresh)"}"#)
            #expect(refreshed.status == 200)
            let personal = try server.request(
                "POST", "/api/me/tokens/", body: #"{"name": "button", "scope": "read"}"#,
                token: tokens.access)
            #expect(personal.status == 201)
            // The second list is answered on the event loop from the cache.
            let answers = [
                refreshed, personal, try server.request("GET", "/api/me/", token: tokens.access),
                try server.request("GET", "/api/me/habits/", token: tokens.access),
                try server.request("GET", "/api/me/habits/", token: tokens.access),
                try server.request("GET", "/api/me/tokens/", token: tokens.access),
                try server.request("GET", "/api/nowhere/"),
            ]
            for answer in answers {
                #expect(answer.headers["cache-control"] == "no-store", "\(answer.status)")
                #expect(answer.headers["x-content-type-options"] == "nosniff")
            }
            let page = try server.request("GET", "/")
            #expect(page.headers["cache-control"] == "no-cache")
            #expect(page.headers["x-content-type-options"] == "nosniff")
        }
    }

    /// An asset of another version, or a method the app's files do not
    /// take, is answered in the API's error form: a body that is the JSON
    /// its Content-Type says.
    @Test func webAppErrorsHaveABodyOfTheirContentType() throws {
        try withAPIServer { server in
            for (method, path, status, code) in [
                ("GET", "/assets/0000000000000000/app.js", 404, "not_found"),
                ("POST", "/", 405, "method_not_allowed"),
            ] {
                let answer = try server.request(method, path, body: method == "POST" ? "{}" : nil)
                #expect(answer.status == status)
                #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
                let body = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
                #expect(body?["code"] as? String == code, "\(path)")
                #expect(answer.headers["x-content-type-options"] == "nosniff")
                #expect(answer.headers["content-security-policy"] != nil)
            }
        }
    }
}

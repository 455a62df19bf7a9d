import Foundation
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// The browser's cookie mode: the refresh token as an HttpOnly cookie scoped
/// to the refresh and logout paths, read only with `X-Habits-Client: web`,
/// with the body mode's rotation and reuse detection.
@Suite struct CookieModeTests {
    static let web = [("X-Habits-Client", "web")]

    /// Signs in with the header; the answer's cookies and access token.
    private func signIn(_ server: APITestServer, _ email: String) throws -> APITestResponse {
        let sent = try server.request("POST", "/api/auth/email/", body: #"{"email": "\#(email)"}"#)
        #expect(sent.status == 202)
        let code = try server.latestCode(for: email)
        return try server.request(
            "POST", "/api/auth/token/", body: #"{"email": "\#(email)", "code": "\#(code)"}"#,
            headers: Self.web)
    }

    /// The token value of the answer's refresh cookies (both carry the same).
    private func cookieToken(_ answer: APITestResponse) throws -> String {
        let values = Set(
            answer.setCookies.map {
                String($0.split(separator: ";")[0].dropFirst("habits_refresh=".count))
            })
        #expect(values.count == 1)
        return try #require(values.first)
    }

    private func refresh(_ server: APITestServer, cookie: String, headers: [(String, String)] = web)
        throws -> APITestResponse
    {
        try server.request(
            "POST", "/api/auth/token/refresh/", body: "{}",
            headers: headers + [("Cookie", "habits_refresh=\(cookie)")])
    }

    @Test func signInSetsHttpOnlyStrictCookiesOnTheTwoPathsAndNoRefreshInTheBody() throws {
        try withAPIServer { server in
            let answer = try signIn(server, "cookie@example.com")
            #expect(answer.status == 200)
            let body = try answer.object()
            #expect(body["access"] is String)
            #expect(body["server_time"] is String)
            #expect(body["refresh"] == nil)
            #expect(answer.headers["cache-control"] == "no-store")
            #expect(answer.setCookies.count == 2)
            let paths = answer.setCookies.compactMap { cookie in
                cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                    .first { $0.hasPrefix("Path=") }
            }
            #expect(Set(paths) == ["Path=/api/auth/token/refresh/", "Path=/api/auth/logout/"])
            for cookie in answer.setCookies {
                #expect(cookie.hasPrefix("habits_refresh=ey"))
                #expect(cookie.contains("; HttpOnly"))
                #expect(cookie.contains("; SameSite=Strict"))
                #expect(cookie.contains("; Max-Age=604800"))
                // The test server listens on 127.0.0.1: no Secure, or the
                // browser would not send it over plain HTTP.
                #expect(!cookie.contains("Secure"))
            }
        }
    }

    @Test func cookiesAreSecureUnlessTheServerIsOnLoopback() throws {
        #expect(HabitServerApp.isLoopback("127.0.0.1"))
        #expect(HabitServerApp.isLoopback("::1"))
        #expect(HabitServerApp.isLoopback("localhost"))
        #expect(!HabitServerApp.isLoopback("0.0.0.0"))
        #expect(!HabitServerApp.isLoopback("192.168.1.2"))
        // Made, never started: nothing listens on the public address.
        let directory = try TemporaryDirectory(prefix: "habits-cookie")
        var configuration = ServerConfiguration.inMemory(outbox: directory.appending("outbox"))
        configuration.host = "0.0.0.0"
        let app = try HabitServerApp(configuration: configuration, environment: [:])
        defer { app.shutdown() }
        #expect(app.responder.settings.secureCookies)
        #expect(
            app.responder.refreshCookies("t", secure: true).allSatisfy { $0.hasSuffix("; Secure") })
        #expect(
            app.responder.refreshCookies(nil, secure: true).allSatisfy {
                $0.contains("Max-Age=0")
            })
    }

    /// Signs in with the web header and `headers`; whether every cookie is `Secure`.
    private func secureCookies(_ server: APITestServer, headers: [(String, String)] = [])
        throws -> Bool
    {
        let email = "secure\(UUID().uuidString.prefix(8))@example.com"
        let sent = try server.request("POST", "/api/auth/email/", body: #"{"email": "\#(email)"}"#)
        #expect(sent.status == 202)
        let answer = try server.request(
            "POST", "/api/auth/token/",
            body: #"{"email": "\#(email)", "code": "\#(try server.latestCode(for: email))"}"#,
            headers: Self.web + headers)
        #expect(answer.setCookies.count == 2, "\(answer)")
        let marked = answer.setCookies.filter { $0.hasSuffix("; Secure") }.count
        #expect(marked == 0 || marked == 2)
        return marked == 2
    }

    @Test func anHTTPSPublicURLMakesCookiesSecureOnLoopback() throws {
        let server = try APITestServer { $0.reminders.publicURL = "https://habits.example/" }
        defer { server.stop() }
        #expect(try secureCookies(server))
        let plain = try APITestServer { $0.reminders.publicURL = "http://habits.example/" }
        defer { plain.stop() }
        #expect(try !secureCookies(plain))
    }

    @Test func aTrustedProxySayingHTTPSMakesCookiesSecure() throws {
        var settings = APISettings()
        settings.trustedProxies.networks = [
            try #require(TrustedProxies.Network(parsing: "127.0.0.1"))
        ]
        let proxied = try APITestServer(settings: settings)
        defer { proxied.stop() }
        #expect(try secureCookies(proxied, headers: [("X-Forwarded-Proto", "https")]))
        #expect(try !secureCookies(proxied, headers: [("X-Forwarded-Proto", "http")]))
        #expect(try !secureCookies(proxied))
        let direct = try APITestServer()
        defer { direct.stop() }
        // From a peer that is no trusted proxy the header proves nothing.
        #expect(try !secureCookies(direct, headers: [("X-Forwarded-Proto", "https")]))
    }

    @Test func theCookieRotatesAndAReusedOneRevokesTheFamily() throws {
        try withAPIServer { server in
            let first = try cookieToken(try signIn(server, "rotate@example.com"))
            let rotated = try refresh(server, cookie: first)
            #expect(rotated.status == 200)
            #expect(try rotated.object()["refresh"] == nil)
            #expect(try rotated.object()["access"] is String)
            let second = try cookieToken(rotated)
            #expect(second != first)
            // Past the grace window, the old cookie is a reuse: the family goes.
            server.clock.advance(by: 31)
            #expect(try refresh(server, cookie: first).code == "token_not_valid")
            #expect(try refresh(server, cookie: second).code == "token_not_valid")
        }
    }

    @Test func withoutTheHeaderTheCookieIsNeverRead() throws {
        try withAPIServer { server in
            let token = try cookieToken(try signIn(server, "csrf@example.com"))
            let forged = try refresh(server, cookie: token, headers: [])
            #expect(forged.status == 400)
            #expect(forged.fields["refresh"] != nil)
            let other = try refresh(server, cookie: token, headers: [("X-Habits-Client", "cli")])
            #expect(other.status == 400)
            // The token is untouched: the browser's own refresh still works.
            #expect(try refresh(server, cookie: token).status == 200)
        }
    }

    @Test func logoutRevokesTheCookiesFamilyAndClearsTheCookies() throws {
        try withAPIServer { server in
            let token = try cookieToken(try signIn(server, "out@example.com"))
            let out = try server.request(
                "POST", "/api/auth/logout/", body: "{}",
                headers: Self.web + [("Cookie", "other=1; habits_refresh=\(token)")])
            #expect(out.status == 204)
            #expect(out.setCookies.count == 2)
            #expect(
                out.setCookies.allSatisfy {
                    $0.hasPrefix("habits_refresh=;") && $0.contains("Max-Age=0")
                })
            #expect(try refresh(server, cookie: token).code == "token_not_valid")
        }
    }

    @Test func theBodyModeIsUnchanged() throws {
        try withAPIServer { server in
            let pair = try server.signIn("body@example.com")
            let rotated = try server.request(
                "POST", "/api/auth/token/refresh/", body: #"{"refresh": "\#(pair.refresh)"}"#)
            #expect(rotated.status == 200)
            #expect(try rotated.object()["refresh"] is String)
            #expect(rotated.setCookies.isEmpty)
        }
    }
}

import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// Bad input over HTTP: never a crash, never a 500, always the API's error form.
@Suite struct MalformedInputTests {
    @Test(arguments: [
        "{", "not json", "[1, 2]", "42", "\"text\"", "null", #"{"name": 'x'}"#,
        #"{"name": "x"} trailing"#, #"{"name" "x"}"#,
    ])
    func bodyThatIsNotAJSONObjectIs400(body: String) throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let answer = try server.request("POST", "/api/me/habits/", body: body, token: token)
            #expect(answer.status == 400)
            #expect(answer.code == "invalid")
            #expect(answer.fields["body"]?.count == 1)
        }
    }

    @Test func invalidUTF8InTheBodyIs400() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            var bytes = Array(
                "POST /api/me/habits/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer \(token)\r\nContent-Type: application/json\r\nContent-Length: 14\r\n\r\n"
                    .utf8)
            bytes += Array(#"{"name": ""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
            let answer = try server.client.exchange(bytes)
            #expect(answer.status == 400)
        }
    }

    @Test func rawControlCharacterInAStringIsReportedUnderItsField() throws {
        try withAPIServer { server in
            let answer = try server.request(
                "POST", "/api/auth/email/", body: "{\"email\": \"a\u{1}@b.co\"}")
            #expect(answer.status == 400)
            #expect(answer.fields["email"] == ["Not a valid string."])
        }
    }

    @Test func nonJSONBodyLabelledOtherwiseIs415() throws {
        try withAPIServer { server in
            let answer = try server.request(
                "POST", "/api/auth/email/", body: "email=a@b.co",
                contentType: "application/x-www-form-urlencoded")
            #expect(answer.status == 415)
            #expect(answer.code == "unsupported_media_type")
            let json = try server.request(
                "POST", "/api/auth/email/", body: #"{"email": "a@b.co"}"#,
                contentType: "application/json; charset=utf-8")
            #expect(json.status == 202)
            let untyped = try server.request(
                "POST", "/api/auth/email/", body: #"{"email": "c@d.co"}"#, contentType: nil)
            #expect(untyped.status == 202)
            // curl -d labels JSON as a form: a JSON object is read all the same.
            let mislabelled = try server.request(
                "POST", "/api/auth/email/", body: #"{"email": "e@f.co"}"#,
                contentType: "application/x-www-form-urlencoded")
            #expect(mislabelled.status == 202)
        }
    }

    @Test(arguments: [
        "/api/me/habits/9223372036854775808/", "/api/me/habits/99999999999999999999999/",
        "/api/me/habits/-1/", "/api/me/habits/+1/", "/api/me/habits/1.0/",
        "/api/me/habits/0x10/", "/api/me/habits/%31/", "/api/me/habits/1%00/",
        "/api/me/habits/../me/", "/api/me/habits/./", "/api/me//habits/", "/api/me/habits/1/x/",
        "/api/me/habits/%2e%2e/", "/api/me/habits/1%2F/", "/api/nothing/", "/nothing/", "/api/",
        "/api/me/habits/9223372036854775808/progress/2026-11-30/",
    ])
    func pathTricksAreNotFound(path: String) throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            _ = try server.createHabit(token: token)
            let answer = try server.request("GET", path, token: token)
            // `%31` decodes to "1", a real id; every other path names nothing.
            if path == "/api/me/habits/%31/" {
                #expect(answer.status == 200)
            } else {
                #expect(answer.status == 404 || answer.status == 400, "\(path)")
                #expect(answer.status != 500)
                if answer.status == 404 { #expect(answer.code == "not_found") }
            }
        }
    }

    @Test func largestIdIsJustNotFound() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let answer = try server.request(
                "GET", "/api/me/habits/9223372036854775807/", token: token)
            #expect(answer.status == 404)
            #expect(answer.code == "not_found")
        }
    }

    @Test func wrongMethodIs405WithAllow() throws {
        try withAPIServer { server in
            let cases: [(String, String, String)] = [
                ("GET", "/api/auth/email/", "POST"),
                ("DELETE", "/api/me/habits/", "GET, HEAD, POST"),
                ("POST", "/api/me/habits/1/", "GET, HEAD, PATCH, DELETE"),
                ("GET", "/api/me/habits/1/progress/2026-11-30/", "PUT, DELETE"),
                ("PUT", "/api/me/", "GET, HEAD, PATCH"),
                ("HEAD", "/api/auth/token/", "POST"),
            ]
            for (method, path, allow) in cases {
                let answer = try server.request(method, path, body: "{}")
                #expect(answer.status == 405, "\(method) \(path)")
                // The answer to HEAD has no body to carry the code.
                #expect(answer.code == (method == "HEAD" ? nil : "method_not_allowed"))
                #expect(answer.headers["allow"] == allow)
            }
        }
    }

    @Test func headIsAGetWithoutTheBody() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let get = try server.request("GET", "/api/me/", token: token)
            let head = try server.request("HEAD", "/api/me/", token: token)
            #expect(get.status == 200)
            #expect(head.status == 200)
            #expect(!get.body.isEmpty)
            #expect(head.body.isEmpty)
            #expect(head.headers["content-length"] == String(get.body.count))
            #expect(head.headers["content-type"] == get.headers["content-type"])
            let unauthenticated = try server.request("HEAD", "/api/me/habits/")
            #expect(unauthenticated.status == 401)
            #expect(unauthenticated.body.isEmpty)
        }
    }

    @Test func pathsWithoutTheTrailingSlashAreTheSameRoutes() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            #expect(try server.request("GET", "/api/me", token: token).status == 200)
            #expect(try server.request("GET", "/api/me/habits", token: token).status == 200)
        }
    }

    @Test func everyErrorHasTheAPIsForm() throws {
        try withAPIServer { server in
            let answers = [
                try server.request("GET", "/api/nowhere/"),
                try server.request("GET", "/api/me/"),
                try server.request("POST", "/api/auth/email/", body: "{"),
                try server.request("GET", "/api/auth/email/"),
            ]
            for answer in answers {
                #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
                let object = try answer.object()
                #expect(object["code"] is String)
                #expect(object["message"] is String)
            }
        }
    }
}

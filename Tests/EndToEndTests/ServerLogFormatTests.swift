import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// The real `habits-server`'s log as an operator reads it: `--log-format
/// json`, request ids, and what a path shows.
@Suite struct ServerLogFormatTests {
    private static let token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"

    @Test func jsonLogsHoldOneObjectPerLineWithTheRequestID() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(
            directory: sandbox.root, arguments: ["--log-format", "json"])
        let client = try RawHTTPClient(port: UInt16(server.port))
        try client.send(
            "GET /api/me/habits/\(Self.token)/ HTTP/1.1\r\nHost: x\r\nX-Request-Id: trace-7\r\n\r\n"
        )
        let unmatched = try client.readResponse()
        #expect(unmatched.status == 404)
        #expect(unmatched.header("X-Request-Id") == "trace-7")
        let body = #"{"email": "someone@example.com"}"#
        try client.send(
            "POST /api/auth/email/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let requested = try client.readResponse()
        #expect(requested.status == 202)
        let generated = try #require(requested.header("X-Request-Id"))
        #expect(generated.count == 32)
        await server.stop()

        let text = try String(contentsOf: server.log, encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(!lines.isEmpty)
        var objects: [[String: Any]] = []
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            objects.append(try #require(object, "\(line)"))
        }
        #expect(objects.allSatisfy { $0["time"] is String && $0["level"] is String })
        let first = try #require(objects.first { $0["request_id"] as? String == "trace-7" })
        #expect(first["status"] as? Int == 404)
        #expect(first["route"] == nil)
        #expect(first["path_first_segment"] as? String == "api")
        #expect(first["path_length"] as? Int == "/api/me/habits/\(Self.token)/".utf8.count)
        #expect(first["duration_ms"] is Double)
        let second = try #require(objects.first { $0["request_id"] as? String == generated })
        #expect(second["route"] as? String == "/api/auth/email/")
        #expect(second["status"] as? Int == 202)
        #expect(!text.contains("eyJ"))
        #expect(!text.contains("someone@"))
    }

    /// A token sent as a path's first segment (`POST /hpat_…/`) once put 27
    /// of its 43 characters in the log: each shape of secret the server
    /// hands out (a personal access token, an access JWT, a refresh JWT, a
    /// sign-in code) is sent so, and no run of 6 of its characters is in
    /// either log format.
    @Test(arguments: ["text", "json"])
    func aSecretAsTheFirstSegmentNeverReachesTheLog(format: String) async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(
            directory: sandbox.root, arguments: ["--log-format", format])
        let api = APIRequests(server)
        let tokens = try await APIRequests.signIn("first@example.com", via: server)
        let created = try await api.send(
            "POST", "me/tokens/", token: tokens.access, json: ["name": "button", "scope": "read"])
        let personal = try #require(created.json?["token"] as? String, "\(created)")
        #expect(personal.hasPrefix("hpat_"))
        let requested = try await api.send("POST", "auth/email/", json: ["email": "x@example.com"])
        #expect(requested.status == 202)
        let code = try server.code(for: "x@example.com")
        #expect(code.count == 6)
        let secrets = [personal, tokens.access, tokens.refresh, code]
        let client = try RawHTTPClient(port: UInt16(server.port))
        for secret in secrets {
            for path in ["/\(secret)/", "/\(secret)", "/\(secret)/me/"] {
                try client.send("POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
                #expect(try client.readResponse().status == 404, "\(path)")
            }
        }
        await server.stop()

        let log = try String(contentsOf: server.log, encoding: .utf8)
        let lines = log.split(separator: "\n").map {
            // A duration's digits could match a code's by chance.
            $0.replacingOccurrences(
                of: #"(duration_ms":[0-9.e-]+|[0-9.]+ms)"#, with: "", options: .regularExpression)
        }
        let unmatched = lines.filter { $0.contains("404") }
        #expect(unmatched.count >= secrets.count * 3, "\(log)")
        for secret in secrets {
            let characters = Array(secret.hasPrefix("hpat_") ? secret.dropFirst(5) : secret[...])
            for start in 0...(characters.count - 6) {
                let run = String(characters[start..<(start + 6)])
                for line in lines { #expect(!line.contains(run), "\(run) in \(line)") }
            }
        }
    }
}

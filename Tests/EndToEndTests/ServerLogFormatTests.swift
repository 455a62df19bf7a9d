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
        #expect(first["duration_ms"] is Double)
        let second = try #require(objects.first { $0["request_id"] as? String == generated })
        #expect(second["route"] as? String == "/api/auth/email/")
        #expect(second["status"] as? Int == 202)
        #expect(!text.contains("eyJ"))
        #expect(!text.contains("someone@"))
    }
}

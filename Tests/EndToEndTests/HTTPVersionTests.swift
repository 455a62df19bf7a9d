import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// The HTTP versions the real `habits-server` serves, and that openapi.yaml
/// says the same.
@Suite struct HTTPVersionTests {
    /// RFC 9112 §2.3: a later HTTP/1.x minor version is served as HTTP/1.1;
    /// another major version is 505, as openapi.yaml says.
    @Test func laterMinorVersionsAreServedAndOtherMajorVersionsAre505() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root)
        for version in ["1.2", "1.9"] {
            let client = try RawHTTPClient(port: UInt16(server.port))
            try client.send("GET /api/me/ HTTP/\(version)\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().status == 401, "HTTP/\(version)")
        }
        for version in ["2.0", "0.9", "3.1"] {
            let client = try RawHTTPClient(port: UInt16(server.port))
            try client.send("GET /api/me/ HTTP/\(version)\r\nHost: x\r\n\r\n")
            let answer = try client.readResponse()
            #expect(answer.status == 505, "HTTP/\(version)")
            #expect(answer.json?["code"] as? String == "http_version_not_supported")
        }
        await server.stop()

        // The contract says the same.
        let contract = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Sources/HabitServer/openapi.yaml").standardized,
            encoding: .utf8)
        #expect(!contract.contains("(not HTTP/1.0 or 1.1)"))
        #expect(!contract.contains("only HTTP/1.1 and HTTP/1.0 are served"))
        #expect(contract.contains("a major version other than 1"))
    }
}

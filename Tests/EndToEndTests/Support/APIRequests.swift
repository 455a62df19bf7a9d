import Foundation
import ServerTestSupport
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Requests straight to a server's API, for tests that need many at once
/// or need to see the status (the `habits` binary hides both).
struct APIRequests: Sendable {
    /// One answer: the status, the JSON body (`nil` when empty or not JSON)
    /// and the headers.
    struct Answer: Sendable, CustomStringConvertible {
        var status: Int
        var body: Data
        var retryAfter: String?

        var json: [String: Any]? {
            try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        }

        var description: String {
            "\(status) \(String(decoding: body, as: UTF8.self))"
        }
    }

    let base: String

    init(_ server: ServerProcess) {
        base = server.url
    }

    /// Sends `method path` (relative to /api/) with a JSON body.
    func send(
        _ method: String, _ path: String, token: String? = nil, json: [String: any Sendable]? = nil
    ) async throws -> Answer {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        request.timeoutInterval = 30
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await Self.session.data(for: request)
        let http = response as? HTTPURLResponse
        return Answer(
            status: http?.statusCode ?? 0, body: data,
            retryAfter: http?.value(forHTTPHeaderField: "Retry-After"))
    }

    /// Signs `address` in through `server`'s outbox; returns (access, refresh).
    static func signIn(_ address: String, via server: ServerProcess) async throws -> (
        access: String, refresh: String
    ) {
        let api = APIRequests(server)
        let requested = try await api.send("POST", "auth/email/", json: ["email": address])
        guard requested.status == 202 else { throw Unexpected(answer: requested) }
        let code = try server.code(for: address)
        let tokens = try await api.send(
            "POST", "auth/token/", json: ["email": address, "code": code])
        guard tokens.status == 200, let access = tokens.json?["access"] as? String,
            let refresh = tokens.json?["refresh"] as? String
        else { throw Unexpected(answer: tokens) }
        return (access, refresh)
    }

    struct Unexpected: Error, CustomStringConvertible {
        var answer: Answer
        var description: String { "unexpected answer \(answer)" }
    }

    /// No shared connection pool between tests, no cache.
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 64
        return URLSession(configuration: configuration)
    }()
}

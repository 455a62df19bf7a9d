import Foundation
import HabitClient
import HabitConcurrency
import HabitCore

/// Wraps the real default transport and records every exchange, so tests
/// can count refreshes and refusals and read what was sent.
final class RecordingTransport: HTTPTransport {
    struct Exchange: Sendable {
        var method: String
        var path: String
        var status: Int?
        /// The request's body, when it had one.
        var body: Data? = nil
    }

    private let transport = DefaultTransport()
    private let log = Locked<[Exchange]>([])

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let path = request.url.path(percentEncoded: true)
        do {
            let response = try await transport.send(request)
            log.withLock {
                $0.append(
                    Exchange(
                        method: request.method.rawValue, path: path, status: response.status,
                        body: request.body))
            }
            return response
        } catch {
            log.withLock {
                $0.append(
                    Exchange(
                        method: request.method.rawValue, path: path, status: nil,
                        body: request.body))
            }
            throw error
        }
    }

    var exchanges: [Exchange] { log.withLock { $0 } }

    /// How many refresh requests were sent.
    var refreshCount: Int { exchanges.filter { $0.path.hasSuffix("/auth/token/refresh/") }.count }

    /// How many responses were 401.
    var unauthorizedCount: Int { exchanges.filter { $0.status == 401 }.count }
}

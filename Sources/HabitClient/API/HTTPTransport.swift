/// Sends one HTTP request and returns the whole response.
///
/// The seam between the API client and the network: `URLSessionTransport` in
/// use, and in tests a wrapper that counts requests or a fake that produces a
/// fault a real server cannot. Implementations throw `APIError` for network
/// failures (`.unreachable`, `.timeout`, …) and return every HTTP status as a
/// response, errors included.
public protocol HTTPTransport: Sendable {
    func send(_ request: TransportRequest) async throws -> TransportResponse
}

/// Sends one HTTP request and returns the whole response.
///
/// The seam between the API client and the network: `DefaultTransport` in
/// use, and in tests a wrapper that counts requests or a fake that produces a
/// fault a real server cannot. Implementations throw `APIError` for network
/// failures (`.unreachable`, `.timeout`, …) and return every HTTP status as a
/// response, errors included.
package protocol HTTPTransport: Sendable {
    func send(_ request: TransportRequest) async throws -> TransportResponse
}

#if os(Linux)
    /// The transport the client uses unless told otherwise: its own HTTP/1.1
    /// over a socket and OpenSSL, so that a program linking HabitClient loads
    /// no libcurl or FoundationNetworking.
    package typealias DefaultTransport = SocketTransport
#else
    /// The transport the client uses unless told otherwise: the system's URLSession.
    package typealias DefaultTransport = URLSessionTransport
#endif

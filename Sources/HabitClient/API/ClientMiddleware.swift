/// A step between the API client and the transport that may change a request,
/// its response, or send it more than once (as `AuthMiddleware` does).
///
/// Middlewares run in order; `next` sends the request through the rest of them
/// and the transport.
package protocol ClientMiddleware: Sendable {
    func intercept(
        _ request: TransportRequest,
        next: @Sendable (TransportRequest) async throws -> TransportResponse
    ) async throws -> TransportResponse
}

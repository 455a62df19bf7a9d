/// Middlewares in order, then a transport: itself a transport, so a chain can
/// be handed wherever one is expected.
struct MiddlewareChain: HTTPTransport {
    let middlewares: [any ClientMiddleware]
    let transport: any HTTPTransport

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await send(request, from: 0)
    }

    private func send(_ request: TransportRequest, from index: Int) async throws
        -> TransportResponse
    {
        guard index < middlewares.count else { return try await transport.send(request) }
        return try await middlewares[index].intercept(request) { next in
            try await self.send(next, from: index + 1)
        }
    }
}

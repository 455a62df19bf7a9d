import Foundation

/// Serves one client connection on the calling thread until it closes.
///
/// The loop: answer every complete request already buffered, then wait for
/// more bytes until a deadline. A connection is in one of two phases:
/// waiting for a request to begin (idle, closed quietly at the deadline), or
/// receiving one (closed with 408 at the deadline, however slowly the bytes
/// trickle in). When the server shuts down, an idle connection closes at
/// once; a request being received or processed is finished and answered with
/// `Connection: close`.
struct HTTPConnection: Sendable {
    private enum Phase {
        case idle(deadline: ContinuousClock.Instant)
        case receiving(deadline: ContinuousClock.Instant)

        var deadline: ContinuousClock.Instant {
            switch self {
            case .idle(let deadline), .receiving(let deadline): return deadline
            }
        }
    }

    /// Bytes read per `recv(2)`.
    static let readChunkBytes = 16_384
    /// At most this much unread input is drained before closing after an error.
    static let drainLimitBytes = 1 << 20

    let socket: ConnectionSocket
    let configuration: HTTPServer.Configuration
    let responder: any HTTPResponder
    let log: ServerLog
    let wake: WakeSignal

    func run() {
        let readBuffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: Self.readChunkBytes, alignment: 1)
        defer { readBuffer.deallocate() }
        var parser = HTTPRequestParser(
            limits: .init(
                maxHeaderBytes: configuration.maxHeaderBytes,
                maxBodyBytes: configuration.maxBodyBytes))
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        var dates = HTTPDateCache()
        var phase = Phase.idle(deadline: .now + configuration.readTimeout)
        var watchesWake = true

        while true {
            do {
                while let parsed = try parser.next() {
                    let keepOpen = answer(parsed, output: &output, dates: &dates)
                    guard keepOpen else {
                        socket.close()
                        return
                    }
                    phase =
                        parser.hasPartialRequest
                        ? .receiving(deadline: .now + configuration.readTimeout)
                        : .idle(deadline: .now + configuration.idleTimeout)
                }
            } catch {
                log.info("- - \(error.status) \(error.code)")
                closeWithError(.parseError(error), output: &output, dates: &dates)
                return
            }
            if parser.awaitsContinue {
                guard socket.send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else {
                    socket.close()
                    return
                }
                parser.continueSent()
            }
            if case .idle = phase, wake.hasFired {
                socket.close()
                return
            }
            switch socket.waitForInput(
                until: phase.deadline, wake: watchesWake ? wake.readEnd : nil)
            {
            case .readable:
                guard let count = socket.receive(into: readBuffer), count > 0 else {
                    // The client closed (possibly mid-request, which needs no answer) or failed.
                    socket.close()
                    return
                }
                parser.append(UnsafeRawBufferPointer(rebasing: readBuffer[..<count]))
                if case .idle = phase, parser.hasPartialRequest {
                    phase = .receiving(deadline: .now + configuration.readTimeout)
                }
            case .woken:
                // Stop watching the signal, which stays raised; finish a request under way.
                watchesWake = false
            case .timedOut:
                if parser.hasPartialRequest {
                    log.info("- - 408 request_timeout")
                    let timeout = HTTPResponse.httpLayerError(
                        status: 408, code: "request_timeout",
                        message: "The request did not arrive completely in time.")
                    closeWithError(timeout, output: &output, dates: &dates)
                } else {
                    socket.close()
                }
                return
            }
        }
    }

    /// Responds to one request; whether the connection stays open afterwards.
    private func answer(
        _ parsed: HTTPRequestParser.ParsedRequest, output: inout [UInt8],
        dates: inout HTTPDateCache
    ) -> Bool {
        let started = ContinuousClock.now
        // HEAD is GET without the body (RFC 9110 §9.3.2), so responders never see it.
        let isHead = parsed.request.method == "HEAD"
        var request = parsed.request
        if isHead { request.method = "GET" }
        let response = responder.respond(to: request)
        let keepOpen = parsed.keepAlive && !wake.hasFired
        let persistence: HTTPResponseEncoder.Persistence =
            !keepOpen
            ? .close : parsed.version == .http10 ? .keepAliveExplicitly : .keepAliveByDefault
        output.removeAll(keepingCapacity: true)
        HTTPResponseEncoder.encode(
            response, date: dates.text(for: configuration.now()), persistence: persistence,
            omittingBody: isHead, into: &output)
        let sent = socket.send(output)
        if output.capacity > 1 << 20 {
            output = []  // Do not keep a rare huge response's buffer for the connection's life.
        }
        // The duration covers the responder and the write, not waiting for the request.
        log.info(
            RequestLogLine.format(
                request: parsed.request, status: response.status,
                duration: started.duration(to: .now)))
        return sent && keepOpen
    }

    /// Sends a final error response, then closes without losing it to a reset.
    private func closeWithError(
        _ response: HTTPResponse, output: inout [UInt8], dates: inout HTTPDateCache
    ) {
        output.removeAll(keepingCapacity: true)
        HTTPResponseEncoder.encode(
            response, date: dates.text(for: configuration.now()), persistence: .close,
            into: &output)
        guard socket.send(output) else {
            socket.close()
            return
        }
        let drainTime = min(configuration.readTimeout, .seconds(2))
        socket.closeGracefully(maxBytes: Self.drainLimitBytes, deadline: .now + drainTime)
    }
}

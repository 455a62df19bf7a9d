import Foundation

/// What one HTTP connection does next, as a pure state machine.
///
/// Its owner (an event loop) feeds it events: bytes read, the end of the
/// input, a response from the responder, a write finished, a timer tick, a
/// request to stop. Each call returns the actions to carry out, in order:
/// write bytes, hand a request to the responder, shut the write side, close,
/// log a line. It reads no clock and does no I/O: `now` comes with every
/// event, and `deadline` says when the owner must next deliver `.tick`.
///
/// Phases and their deadlines:
/// - **idle**: waiting for a request to begin, closed quietly at the
///   deadline (the header timeout for a new connection, then the idle timeout
///   between requests).
/// - **reading head / body**: a request is arriving. The head must be
///   complete within the header timeout of its first byte, the body within
///   the body timeout of the head's end, however slowly the bytes trickle in;
///   past it the client gets 408 and the connection closes.
/// - **responding**: the request is with the responder; no client deadline
///   runs, and the connection reads nothing more (pipelined bytes wait in the
///   kernel, which holds the client back).
/// - **writing**: a response is being sent; it must be sent within the write timeout.
/// - **draining**: after an error response the write side is shut and input
///   is dropped until the client closes, for at most the drain timeout or
///   drain limit, so closing does not reset the connection and destroy the answer.
/// - **closed**: nothing more happens; every event returns no action.
///
/// Requests are answered one at a time in the order they arrived. After a
/// framing error the rest of the stream cannot be trusted, so the error is
/// answered and the connection closed. `.shutdown` closes an idle connection
/// at once and lets a request under way finish, answered with `Connection: close`.
struct HTTPConnectionMachine: Sendable {
    typealias Instant = ContinuousClock.Instant

    /// The timeouts and limits a connection is held to.
    struct Settings: Sendable {
        var headerTimeout: Duration
        var bodyTimeout: Duration
        var idleTimeout: Duration
        var writeTimeout: Duration
        /// How long to drop input after an error response before closing anyway.
        var drainTimeout: Duration
        /// How much input to drop after an error response before closing anyway.
        var drainLimitBytes: Int
        var limits: HTTPRequestParser.Limits
    }

    enum Phase: Hashable, Sendable {
        case idle
        case readingHead
        case readingBody
        case responding
        case writing
        case draining
        case closed
    }

    /// Something that happened to the connection.
    enum Event: Sendable {
        /// Bytes arrived from the client.
        case received([UInt8])
        /// The client closed its side (a read returned the end of the stream).
        case peerClosed
        /// The connection failed (a reset, or a write the peer refused).
        case failed
        /// The responder answered the request of the last `.dispatch`.
        case responded(HTTPResponse)
        /// Every byte of the writes asked for so far has been handed to the kernel.
        case writeFinished
        /// Time passed: the owner delivers this once `now` reaches `deadline`.
        case tick
        /// The server wants the connection gone (shutting down, or making room):
        /// close it if idle, else after the request under way.
        case shutdown
    }

    /// A request for the responder.
    struct Dispatch: Sendable {
        /// What the responder sees: a HEAD request arrives as GET (RFC 9110 §9.3.2).
        var request: HTTPRequest
        /// Whether the client sent HEAD, which the response will not carry a body for.
        var isHead: Bool
    }

    /// What the owner must do, in order.
    enum Action: Sendable {
        /// Send these bytes after any not yet sent, then report `.writeFinished`.
        case write([UInt8])
        /// Run the responder on this request and report its answer with `.responded`.
        case dispatch(Dispatch)
        /// Shut the write side (after the final bytes are sent) and keep reading.
        case closeOutput
        /// Close the connection; nothing more is sent or read.
        case close
        /// Write this line to the server log at info level.
        case log(String)
    }

    /// How the connection continues once the response being written is sent.
    private enum AfterWrite: Sendable {
        case nextRequest
        case close
        case drain
    }

    private static let continueBytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    let settings: Settings
    private(set) var phase = Phase.idle
    /// When the owner must deliver `.tick`; nil while the responder has the
    /// request (no client deadline runs) and once closed.
    private(set) var deadline: Instant?
    private var parser: HTTPRequestParser
    private var afterWrite = AfterWrite.nextRequest
    /// Whether the response under way ends the connection (shutdown, or the client left).
    private var closing = false
    /// The request with the responder: whether it keeps the connection, and how to answer it.
    private var answering: (keepAlive: Bool, version: HTTPRequestParser.Version, isHead: Bool) = (
        false, .http11, false
    )
    private var drainedBytes = 0

    /// A connection accepted at `now`: its first request must begin within the header timeout.
    init(settings: Settings, now: Instant) {
        self.settings = settings
        parser = HTTPRequestParser(limits: settings.limits)
        deadline = now + settings.headerTimeout
    }

    /// Whether the owner should read from the socket: not while a request is
    /// answered or a response written, so pipelined requests are held back.
    var wantsInput: Bool {
        switch phase {
        case .idle, .readingHead, .readingBody, .draining: return true
        case .responding, .writing, .closed: return false
        }
    }

    /// Whether closing the connection to make room loses nothing: it waits
    /// between requests with nothing received, or it is sending a response
    /// after which it would (`.shutdown` then closes it once the response is sent).
    ///
    /// Counting the last write as idle means a client that has read its
    /// response always finds its connection counted idle by the server.
    var isIdle: Bool {
        phase == .idle || (phase == .writing && afterWrite == .nextRequest && !closing)
    }

    var isClosed: Bool { phase == .closed }

    /// Applies `event` at `now`; `date` is the Date header's text, asked for
    /// only when a response is encoded.
    mutating func handle(
        _ event: Event, now: Instant, date: @autoclosure () -> String
    ) -> [Action] {
        var actions: [Action] = []
        guard phase != .closed else { return actions }
        switch event {
        case .received(let bytes):
            receive(bytes, now: now, date: date, into: &actions)
        case .peerClosed:
            switch phase {
            case .responding:
                closing = true  // Answer anyway: a half-closed client may still read.
            case .writing:
                closing = true
                if afterWrite == .nextRequest { afterWrite = .close }
            default:
                close(into: &actions)
            }
        case .failed:
            close(into: &actions)
        case .responded(let response):
            guard phase == .responding else { break }
            let keepOpen = answering.keepAlive && !closing
            let persistence: HTTPResponseEncoder.Persistence =
                !keepOpen
                ? .close : answering.version == .http10 ? .keepAliveExplicitly : .keepAliveByDefault
            var output: [UInt8] = []
            output.reserveCapacity(response.body.count + 256)
            HTTPResponseEncoder.encode(
                response, date: date(), persistence: persistence, omittingBody: answering.isHead,
                into: &output)
            startWriting(output, then: keepOpen ? .nextRequest : .close, now: now, into: &actions)
        case .writeFinished:
            guard phase == .writing else { break }  // The end of a 100 Continue, say.
            switch afterWrite {
            case .close:
                close(into: &actions)
            case .drain:
                actions.append(.closeOutput)
                phase = .draining
                deadline = now + settings.drainTimeout
            case .nextRequest:
                phase = .idle
                deadline = now + settings.idleTimeout
                if closing {
                    close(into: &actions)
                } else {
                    advance(now: now, date: date, into: &actions)  // A pipelined request may wait.
                }
            }
        case .tick:
            guard let deadline, now >= deadline else { break }
            switch phase {
            case .readingHead, .readingBody:
                let timeout = HTTPResponse.httpLayerError(
                    status: 408, code: "request_timeout",
                    message: "The request did not arrive completely in time.")
                fail(
                    with: timeout, logging: "- - 408 request_timeout", now: now, date: date,
                    into: &actions)
            case .idle, .writing, .draining:
                close(into: &actions)
            case .responding, .closed:
                break
            }
        case .shutdown:
            closing = true
            switch phase {
            case .idle:
                close(into: &actions)
            case .writing:
                if afterWrite == .nextRequest { afterWrite = .close }
            default:
                break
            }
        }
        return actions
    }

    private mutating func receive(
        _ bytes: [UInt8], now: Instant, date: () -> String, into actions: inout [Action]
    ) {
        switch phase {
        case .idle, .readingHead, .readingBody:
            parser.append(contentsOf: bytes)
            advance(now: now, date: date, into: &actions)
        case .draining:
            drainedBytes += bytes.count
            if drainedBytes > settings.drainLimitBytes { close(into: &actions) }
        case .responding, .writing:
            parser.append(contentsOf: bytes)  // Kept for after the response.
        case .closed:
            break
        }
    }

    /// Parses what is buffered: dispatches a complete request, answers a
    /// framing error, or notes how far the next request has come.
    private mutating func advance(now: Instant, date: () -> String, into actions: inout [Action]) {
        let parsed: HTTPRequestParser.ParsedRequest?
        do {
            parsed = try parser.next()
        } catch {
            fail(
                with: .parseError(error), logging: "- - \(error.status) \(error.code)", now: now,
                date: date, into: &actions)
            return
        }
        if let parsed {
            let isHead = parsed.request.method == "HEAD"
            var request = parsed.request
            if isHead { request.method = "GET" }
            answering = (parsed.keepAlive, parsed.version, isHead)
            phase = .responding
            deadline = nil
            actions.append(.dispatch(Dispatch(request: request, isHead: isHead)))
            return
        }
        if parser.awaitsContinue {
            actions.append(.write(Self.continueBytes))
            parser.continueSent()
        }
        if parser.isReadingBody {
            if phase != .readingBody {
                phase = .readingBody
                deadline = now + settings.bodyTimeout
            }
        } else if parser.hasPartialRequest {
            if phase != .readingHead {
                phase = .readingHead
                deadline = now + settings.headerTimeout
            }
        } else if closing {
            close(into: &actions)
        }
    }

    /// Answers an error with `Connection: close`, then drains and closes.
    private mutating func fail(
        with response: HTTPResponse, logging line: String, now: Instant, date: () -> String,
        into actions: inout [Action]
    ) {
        actions.append(.log(line))
        var output: [UInt8] = []
        HTTPResponseEncoder.encode(response, date: date(), persistence: .close, into: &output)
        startWriting(output, then: .drain, now: now, into: &actions)
    }

    private mutating func startWriting(
        _ bytes: [UInt8], then next: AfterWrite, now: Instant, into actions: inout [Action]
    ) {
        phase = .writing
        afterWrite = next
        deadline = now + settings.writeTimeout
        actions.append(.write(bytes))
    }

    private mutating func close(into actions: inout [Action]) {
        phase = .closed
        deadline = nil
        parser = HTTPRequestParser(limits: settings.limits)  // Let go of buffered bytes.
        actions.append(.close)
    }
}

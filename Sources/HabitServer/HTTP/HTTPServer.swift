import Dispatch
import Foundation
import HabitCore

/// An HTTP/1.1 server over POSIX sockets that hands each request to a responder.
///
/// One thread accepts connections and one thread serves each connection with
/// blocking I/O, so a responder may block (SQLite, a mail command) without
/// holding up other clients. Connections are persistent (keep-alive) and
/// requests may be pipelined. At most `maxConnections` are served at once;
/// the next is answered 503 with `Retry-After` and closed. Timeouts bound how
/// long a slow or silent client can hold its thread.
///
/// `shutdown()` stops accepting, closes idle connections, lets requests
/// under way finish and be answered, and returns when every connection
/// thread is done.
public final class HTTPServer: Sendable {
    private enum State {
        case notStarted
        case running(WakeSignal)
        case stopping
        case stopped
    }

    public let configuration: Configuration
    private let responder: any HTTPResponder
    private let log: ServerLog
    private let state = Locked(State.notStarted)
    private let activeConnections = Locked(0)
    /// The accept thread and every connection thread, while they run.
    private let workers = DispatchGroup()
    /// Entered by `start()`, left when shutdown completes.
    private let lifetime = DispatchGroup()

    public init(configuration: Configuration, responder: any HTTPResponder, log: ServerLog) {
        self.configuration = configuration
        self.responder = responder
        self.log = log
    }

    /// Binds and listens, starts accepting in the background, and returns the
    /// port: the configured one, or the one the system chose for port 0.
    @discardableResult
    public func start() throws(HTTPServerError) -> UInt16 {
        try state.withLock { (state) throws(HTTPServerError) -> UInt16 in
            guard case .notStarted = state else { throw .alreadyStarted }
            let listener = try ListeningSocket.open(
                host: configuration.host, port: configuration.port,
                backlog: Int32(clamping: max(128, configuration.maxConnections)))
            let wake: WakeSignal
            do throws(HTTPServerError) {
                wake = try WakeSignal()
            } catch {
                listener.close()
                throw error
            }
            state = .running(wake)
            lifetime.enter()
            workers.enter()
            let thread = Thread { [self] in
                acceptConnections(from: listener, until: wake)
                listener.close()
                workers.leave()
            }
            thread.name = "http-accept"
            thread.start()
            log.info("listening on \(configuration.host) port \(listener.port)")
            return listener.port
        }
    }

    /// Stops the server gracefully and returns once it has stopped.
    ///
    /// New connections are refused, idle keep-alive connections are closed,
    /// and requests being processed are finished and answered (with
    /// `Connection: close`) before their connections close. A request still
    /// arriving gets until its read timeout to arrive and be answered.
    /// Calling it again, or concurrently, waits for the same stop. Must not be
    /// called from a responder, which would wait for its own request.
    public func shutdown() {
        enum Step {
            case nothing
            case waitForOtherCaller
            case stop(WakeSignal)
        }
        let step = state.withLock { state -> Step in
            switch state {
            case .notStarted:
                state = .stopped
                return .nothing
            case .running(let wake):
                state = .stopping
                return .stop(wake)
            case .stopping:
                return .waitForOtherCaller
            case .stopped:
                return .nothing
            }
        }
        switch step {
        case .nothing:
            return
        case .waitForOtherCaller:
            lifetime.wait()
        case .stop(let wake):
            log.info("shutting down: finishing requests under way")
            wake.fire()
            workers.wait()
            state.withLock { $0 = .stopped }
            log.info("stopped")
            lifetime.leave()
        }
    }

    /// Blocks until a shutdown completes; returns at once if the server never started.
    public func waitUntilStopped() {
        lifetime.wait()
    }

    private func acceptConnections(from listener: ListeningSocket, until wake: WakeSignal) {
        while true {
            switch listener.accept(wake: wake.readEnd) {
            case .woken:
                return
            case .nothing:
                continue
            case .connection(let socket):
                SystemCall.configureConnection(socket.fd, writeTimeout: configuration.writeTimeout)
                serve(socket, wake: wake)
            }
        }
    }

    private func serve(_ socket: ConnectionSocket, wake: WakeSignal) {
        let limit = configuration.maxConnections
        let admitted = activeConnections.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard admitted else {
            refuse(socket)
            return
        }
        let connection = HTTPConnection(
            socket: socket, configuration: configuration, responder: responder, log: log,
            wake: wake)
        workers.enter()
        let thread = Thread { [self] in
            connection.run()
            activeConnections.withLock { $0 -= 1 }
            workers.leave()
        }
        thread.name = "http-connection"
        thread.start()
    }

    /// Answers 503 without reading the request, from the accept thread, so it
    /// must not block: the socket is made non-blocking and not waited on.
    private func refuse(_ socket: ConnectionSocket) {
        log.warning("refused a connection: \(configuration.maxConnections) already open")
        SystemCall.setNonBlocking(socket.fd, true)
        var output: [UInt8] = []
        var dates = HTTPDateCache()
        var headers = HTTPHeaders()
        headers.add(name: "Retry-After", value: "1")
        let response = HTTPResponse.httpLayerError(
            status: 503, code: "service_unavailable",
            message: "The server is at its connection limit; retry shortly.", headers: headers)
        HTTPResponseEncoder.encode(
            response, date: dates.text(for: configuration.now()), persistence: .close,
            into: &output)
        _ = socket.send(output)
        // Drop whatever request already arrived, so closing does not reset the connection
        // and destroy the 503 before the client reads it.
        socket.closeGracefully(maxBytes: HTTPConnection.readChunkBytes, deadline: .now)
    }
}

import Dispatch
import Foundation
import HabitConcurrency

/// An HTTP/1.1 server over POSIX sockets that hands each request to a responder.
///
/// A few event loop threads (one per core by default) serve every connection
/// with non-blocking sockets and epoll (Linux) or kqueue (macOS); each
/// connection is a pure `HTTPConnectionMachine` that the loop drives. So an
/// idle keep-alive connection, or a slow client trickling its headers, costs
/// a descriptor and a few hundred bytes, not a thread. Requests run on a
/// small `ResponderPool`, so a responder may block (SQLite, a mail command)
/// without holding up other clients. Connections are persistent (keep-alive)
/// and requests may be pipelined; timeouts bound every phase of a connection.
/// `ConnectionAdmission` decides about new connections: a per-client limit,
/// a total limit, and the oldest idle connection closed to make room before
/// anyone is refused with 503.
///
/// `shutdown()` stops accepting, closes idle connections, lets requests
/// under way finish and be answered, and returns when every connection is closed.
package final class HTTPServer: Sendable {
    private enum State {
        case notStarted
        case running(LoopInbox)
        case stopping
        case stopped
    }

    package let configuration: Configuration
    private let responder: any HTTPResponder
    private let log: ServerLog
    private let state = Locked(State.notStarted)
    /// The event loop threads, while they run.
    private let loops = DispatchGroup()
    /// Entered by `start()`, left when shutdown completes.
    private let lifetime = DispatchGroup()
    /// Set by `start()`.
    private let responders = Locked<ResponderPool?>(nil)
    /// The event loops' shared admission, set by `start()`.
    private let admission = Locked<Locked<ConnectionAdmission>?>(nil)

    package init(configuration: Configuration, responder: any HTTPResponder, log: ServerLog) {
        self.configuration = configuration
        self.responder = responder
        self.log = log
    }

    /// Raises this process's soft limit on open descriptors to its hard limit,
    /// and returns the limit now in force: each connection needs one.
    @discardableResult
    package static func raiseDescriptorLimit() -> Int {
        SystemCall.raiseDescriptorLimit()
    }

    /// Binds and listens, starts accepting in the background, and returns the
    /// port: the configured one, or the one the system chose for port 0.
    @discardableResult
    package func start() throws(HTTPServerError) -> UInt16 {
        try state.withLock { (state) throws(HTTPServerError) -> UInt16 in
            guard case .notStarted = state else { throw .alreadyStarted }
            // Each connection holds a descriptor; keep some for the database, pipes and mail.
            let descriptors = SystemCall.descriptorLimit()
            let maxConnections = min(configuration.maxConnections, max(16, descriptors - 64))
            if maxConnections < configuration.maxConnections {
                log.warning(
                    "serving at most \(maxConnections) connections: the descriptor limit is \(descriptors)"
                )
            }
            let listener = try ListeningSocket.open(
                host: configuration.host, port: configuration.port,
                backlog: Int32(clamping: min(4096, max(128, maxConnections))))
            let loopCount = max(1, configuration.eventLoops)
            let pool = ResponderPool(
                responder: responder, log: log, threads: configuration.responderThreads)
            var loops: [EventLoop] = []
            do throws(HTTPServerError) {
                var inboxes: [LoopInbox] = []
                for _ in 0..<loopCount { inboxes.append(try LoopInbox()) }
                let admitted = Locked(
                    ConnectionAdmission(
                        maxConnections: maxConnections,
                        maxPerClient: configuration.maxConnectionsPerClient,
                        exemptsLoopback: configuration.exemptsLoopbackFromClientLimit))
                admission.withLock { $0 = admitted }
                let shared = EventLoop.Shared(
                    configuration: configuration, admission: admitted,
                    inboxes: inboxes, pool: pool, log: log)
                for index in 0..<loopCount {
                    loops.append(
                        try EventLoop(
                            index: index, shared: shared, listener: index == 0 ? listener : nil))
                }
            } catch {
                listener.close()
                throw error
            }
            pool.start()
            responders.withLock { $0 = pool }
            state = .running(loops[0].inbox)
            lifetime.enter()
            for loop in loops {
                self.loops.enter()
                let handoff = ThreadHandoff(loop)
                let thread = Thread { [self] in
                    handoff.take().run()
                    self.loops.leave()
                }
                thread.name = "http-loop-\(loop.index)"
                thread.start()
            }
            log.info("listening on \(configuration.host) port \(listener.port)")
            return listener.port
        }
    }

    /// The connections held now and those turned away so far; all zero
    /// before `start()`.
    package var connectionStatistics: ConnectionStatistics {
        admission.withLock { $0 }?.withLock { $0.statistics } ?? ConnectionStatistics()
    }

    /// Stops the server gracefully and returns once it has stopped.
    ///
    /// New connections are refused, idle keep-alive connections are closed,
    /// and requests being processed are finished and answered (with
    /// `Connection: close`) before their connections close. A request still
    /// arriving gets until its read timeout to arrive and be answered.
    /// Calling it again, or concurrently, waits for the same stop. Must not be
    /// called from a responder, which would wait for its own request.
    package func shutdown() {
        enum Step {
            case nothing
            case waitForOtherCaller
            case stop(LoopInbox)
        }
        let step = state.withLock { state -> Step in
            switch state {
            case .notStarted:
                state = .stopped
                return .nothing
            case .running(let inbox):
                state = .stopping
                return .stop(inbox)
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
        case .stop(let inbox):
            log.info("shutting down: finishing requests under way")
            // Loop 0 stops accepting, then passes the word to the other loops.
            inbox.post(.shutdown)
            loops.wait()
            responders.withLock { $0 }?.stop()
            state.withLock { $0 = .stopped }
            log.info("stopped")
            lifetime.leave()
        }
    }

    /// Blocks until a shutdown completes; returns at once if the server never started.
    package func waitUntilStopped() {
        lifetime.wait()
    }
}

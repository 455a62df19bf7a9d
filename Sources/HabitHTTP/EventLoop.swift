import Foundation
import HabitConcurrency

/// One event loop: a thread that serves its share of the connections with
/// non-blocking I/O, driven by an `EventPoller`.
///
/// Each connection's decisions are its `HTTPConnectionMachine`'s; the loop
/// carries them out: it reads while the machine wants input, writes what it
/// is given (waiting for the poller when the socket is full), hands requests
/// to the `ResponderPool`, delivers ticks at the machines' deadlines, and
/// keeps `ConnectionAdmission` told which connections are idle. An idle
/// connection costs its descriptor and a small object, no thread.
///
/// Loop 0 also owns the listening socket: it accepts, admits or refuses, and
/// passes each admitted connection to the loop its id picks (round robin).
/// Everything else reaches a loop through its `LoopInbox`.
final class EventLoop {
    typealias ID = ConnectionAdmission.ID
    typealias Instant = ContinuousClock.Instant

    /// What all the loops of one server share.
    struct Shared: Sendable {
        var configuration: HTTPServer.Configuration
        var admission: Locked<ConnectionAdmission>
        var inboxes: [LoopInbox]
        var pool: ResponderPool
        var log: ServerLog
    }

    /// One connection and what the loop knows of its socket.
    private final class Connection {
        let socket: ConnectionSocket
        let id: ID
        /// The peer's address, given to each of its requests.
        let client: ClientAddress?
        var machine: HTTPConnectionMachine
        /// Bytes to send; those before `sent` are gone.
        var output: [UInt8] = []
        var sent = 0
        var shutOutputOnceSent = false
        /// Whether a read or write might not block: set by the poller, cleared by `wouldBlock`.
        var mayRead = true
        var mayWrite = true
        var wasIdle = true
        var inBacklog = false

        init(
            socket: ConnectionSocket, id: ID, client: ClientAddress?, machine: HTTPConnectionMachine
        ) {
            self.socket = socket
            self.id = id
            self.client = client
            self.machine = machine
        }
    }

    private static let wakeToken = UInt64.max
    private static let listenerToken = UInt64.max - 1
    /// Reads in a row for one connection before the others get a turn.
    private static let readsPerTurn = 8
    /// How often, at most, the loop looks for connections past their deadline.
    private static let timerResolution = Duration.milliseconds(10)

    let index: Int
    private let shared: Shared
    private let settings: HTTPConnectionMachine.Settings
    let inbox: LoopInbox
    private let poller: EventPoller
    private var listener: ListeningSocket?
    private var connections: [ID: Connection] = [:]
    /// Connections that had more to read when their turn ended.
    private var backlog: [Connection] = []
    private var nextDeadlineCheck: Instant?
    private var acceptRetry: Instant?
    private var stopping = false
    private var dates = HTTPDateCache()
    private var refusals = (count: 0, lastLogged: ContinuousClock.now - .seconds(60))
    private let readBuffer: UnsafeMutableRawBufferPointer

    init(index: Int, shared: Shared, listener: ListeningSocket?) throws(HTTPServerError) {
        self.index = index
        self.shared = shared
        settings = shared.configuration.connectionSettings
        inbox = shared.inboxes[index]
        poller = try EventPoller()
        self.listener = listener
        readBuffer = .allocate(byteCount: 65_536, alignment: 16)
        guard poller.add(inbox.readEnd, token: Self.wakeToken, writes: false) else {
            readBuffer.deallocate()
            throw .socketFailure(operation: "epoll_ctl", reason: SystemCall.errorText(errno))
        }
        if let listener, !poller.add(listener.fd, token: Self.listenerToken, writes: false) {
            readBuffer.deallocate()
            throw .socketFailure(operation: "epoll_ctl", reason: SystemCall.errorText(errno))
        }
    }

    deinit {
        readBuffer.deallocate()
    }

    /// Serves until the server stops and the last connection has closed.
    func run() {
        while !(stopping && connections.isEmpty) {
            var timeout: Int32 = -1
            if !backlog.isEmpty {
                timeout = 0
            } else if let wakeAt = [nextDeadlineCheck, acceptRetry].compactMap({ $0 }).min() {
                timeout = SystemCall.pollTimeout(until: wakeAt)
            }
            poller.wait(timeoutMilliseconds: timeout) { event in
                switch event.token {
                case Self.wakeToken:
                    for message in inbox.take() { process(message) }
                case Self.listenerToken:
                    acceptConnections()
                default:
                    guard let connection = connections[event.token] else { return }
                    if event.readable { connection.mayRead = true }
                    if event.writable { connection.mayWrite = true }
                    service(connection)
                }
            }
            let now = ContinuousClock.now
            if let acceptRetry, now >= acceptRetry {
                self.acceptRetry = nil
                acceptConnections()
            }
            if !backlog.isEmpty {
                let waiting = backlog
                backlog.removeAll(keepingCapacity: true)
                for connection in waiting {
                    connection.inBacklog = false
                    service(connection)
                }
            }
            if let nextDeadlineCheck, now >= nextDeadlineCheck {
                expireDeadlines(now: now)
            }
        }
        listener?.close()
    }

    private func process(_ message: LoopInbox.Message) {
        switch message {
        case .adopt(let fd, let id, let client):
            adopt(ConnectionSocket(fd: fd), id: id, client: client)
        case .responded(let id, let response):
            guard let connection = connections[id] else { return }
            feed(connection, .responded(response))
            service(connection)
        case .evict(let id):
            guard let connection = connections[id] else { return }
            feed(connection, .shutdown)
        case .shutdown:
            beginShutdown()
        }
    }

    private func beginShutdown() {
        guard !stopping else { return }
        stopping = true
        if let listener {
            listener.close()
            self.listener = nil
            // After every connection this loop passed on, so no loop stops before adopting its last.
            for (other, inbox) in shared.inboxes.enumerated() where other != index {
                inbox.post(.shutdown)
            }
        }
        for connection in Array(connections.values) {
            feed(connection, .shutdown)
        }
    }

    // MARK: Accepting

    private func acceptConnections() {
        guard let listener, !stopping else { return }
        // A bounded batch, so a flood of connections does not starve the ones already open.
        for _ in 0..<256 {
            switch listener.accept() {
            case .none:
                return
            case .retry:
                continue
            case .backOff:
                // Edge-triggered: nothing will report the waiting clients again, so come back.
                acceptRetry = .now + .milliseconds(100)
                logRefusal("cannot accept connections (\(SystemCall.errorText(errno))); retrying")
                return
            case .connection(let socket, let client):
                let decision = shared.admission.withLock {
                    $0.admit(client ?? ClientAddress(ipv4: (0, 0, 0, 0)))
                }
                switch decision {
                case .refuse(let clientFull):
                    refuse(socket, clientFull: clientFull)
                case .admit(let id):
                    route(socket, id: id, client: client)
                case .admitEvicting(let id, let victim):
                    let owner = loopIndex(of: victim)
                    if owner == index {
                        if let connection = connections[victim] { feed(connection, .shutdown) }
                    } else {
                        shared.inboxes[owner].post(.evict(victim))
                    }
                    route(socket, id: id, client: client)
                }
            }
        }
        acceptRetry = .now  // More may be waiting: continue after serving the others.
    }

    private func loopIndex(of id: ID) -> Int {
        Int(id % UInt64(shared.inboxes.count))
    }

    private func route(_ socket: ConnectionSocket, id: ID, client: ClientAddress?) {
        let owner = loopIndex(of: id)
        if owner == index {
            adopt(socket, id: id, client: client)
        } else {
            shared.inboxes[owner].post(.adopt(fd: socket.fd, id: id, client: client))
        }
    }

    private func adopt(_ socket: ConnectionSocket, id: ID, client: ClientAddress?) {
        let now = ContinuousClock.now
        let connection = Connection(
            socket: socket, id: id, client: client,
            machine: HTTPConnectionMachine(settings: settings, now: now))
        guard poller.add(socket.fd, token: id, writes: true) else {
            socket.close()
            shared.admission.withLock { $0.remove(id) }
            return
        }
        connections[id] = connection
        noteDeadline(of: connection)
        if stopping { feed(connection, .shutdown) }
        service(connection)  // A request may already be waiting.
    }

    /// Answers 503 without reading the request, then closes. It must not
    /// block the loop: one write attempt, and only input already there is dropped.
    private func refuse(_ socket: ConnectionSocket, clientFull: Bool) {
        let configuration = shared.configuration
        logRefusal(
            clientFull
                ? "refused a connection: the client already holds \(configuration.maxConnectionsPerClient)"
                : "refused a connection: \(shared.admission.withLock { $0.count }) open, none idle")
        var headers = HTTPHeaders()
        headers.add(name: "Retry-After", value: "1")
        let message =
            clientFull
            ? "Too many connections from your address are busy; retry shortly."
            : "The server is at its connection limit; retry shortly."
        let response = HTTPResponse.httpLayerError(
            status: 503, code: "service_unavailable", message: message, headers: headers)
        var output: [UInt8] = []
        HTTPResponseEncoder.encode(
            response, date: dates.text(for: configuration.now()), persistence: .close,
            into: &output)
        _ = output.withUnsafeBytes { socket.send($0) }
        socket.shutdownOutput()
        // Drop a request that already arrived, so closing does not reset the connection
        // and destroy the 503 before the client reads it.
        for _ in 0..<4 {
            guard case .moved = socket.receive(into: readBuffer) else { break }
        }
        socket.close()
    }

    /// Logs refusals at most once a second, with how many there were.
    private func logRefusal(_ line: String) {
        refusals.count += 1
        let now = ContinuousClock.now
        guard now - refusals.lastLogged >= .seconds(1) else { return }
        let others = refusals.count - 1
        shared.log.warning(others > 0 ? "\(line) (and \(others) more since the last report)" : line)
        refusals = (0, now)
    }

    // MARK: Serving a connection

    /// Moves bytes while the socket and the machine allow.
    private func service(_ connection: Connection) {
        var reads = 0
        while !connection.machine.isClosed {
            if connection.sent < connection.output.count {
                guard connection.mayWrite else { return }
                let result = connection.output.withUnsafeBytes { bytes in
                    connection.socket.send(
                        UnsafeRawBufferPointer(rebasing: bytes[connection.sent...]))
                }
                switch result {
                case .moved(let count):
                    connection.sent += count
                    if connection.sent == connection.output.count { finishedWriting(connection) }
                case .wouldBlock:
                    connection.mayWrite = false
                    return
                case .endOfStream, .failed:
                    feed(connection, .failed)
                    return
                }
                continue
            }
            guard connection.machine.wantsInput, connection.mayRead else { return }
            guard reads < Self.readsPerTurn else {
                if !connection.inBacklog {
                    connection.inBacklog = true
                    backlog.append(connection)
                }
                return
            }
            reads += 1
            switch connection.socket.receive(into: readBuffer) {
            case .moved(let count):
                feed(connection, .received(Array(readBuffer[..<count])))
            case .wouldBlock:
                connection.mayRead = false
                return
            case .endOfStream:
                connection.mayRead = false
                feed(connection, .peerClosed)
            case .failed:
                feed(connection, .failed)
            }
        }
    }

    private func finishedWriting(_ connection: Connection) {
        // Keep a buffer of ordinary size for the next response; let a rare huge one go.
        connection.output.removeAll(keepingCapacity: connection.output.capacity <= 65_536)
        connection.sent = 0
        if connection.shutOutputOnceSent {
            connection.shutOutputOnceSent = false
            connection.socket.shutdownOutput()
        }
        feed(connection, .writeFinished)
    }

    /// Gives `event` to the connection's machine and carries out its actions.
    private func feed(_ connection: Connection, _ event: HTTPConnectionMachine.Event) {
        let now = ContinuousClock.now
        let actions = connection.machine.handle(event, now: now, date: dateText())
        // Admission learns the new state before any action runs: a request
        // handed to the pool below makes the connection busy, and a new
        // connection accepted meanwhile on another loop must not evict it as
        // idle (it would reset a request the server may have committed).
        if !connection.machine.isClosed {
            let idle = connection.machine.isIdle
            if idle != connection.wasIdle {
                connection.wasIdle = idle
                shared.admission.withLock {
                    idle ? $0.markIdle(connection.id) : $0.markBusy(connection.id)
                }
            }
        }
        var inlineResponse: HTTPResponse?
        for action in actions {
            switch action {
            case .write(let bytes):
                if connection.sent == connection.output.count {
                    connection.output = bytes
                    connection.sent = 0
                } else {
                    connection.output.append(contentsOf: bytes)
                }
            case .dispatch(var dispatch):
                dispatch.request.clientAddress = connection.client
                if shared.pool.runsInline {
                    inlineResponse = shared.pool.answer(dispatch)
                } else if let known = shared.pool.answerAtOnce(dispatch) {
                    inlineResponse = known
                } else {
                    shared.pool.submit(dispatch, for: connection.id, replyingTo: inbox)
                }
            case .closeOutput:
                if connection.sent < connection.output.count {
                    connection.shutOutputOnceSent = true
                } else {
                    connection.socket.shutdownOutput()
                }
            case .close:
                connection.socket.close()
                connections[connection.id] = nil
                shared.admission.withLock { $0.remove(connection.id) }
            case .log(let line):
                shared.log.info(line)
            }
        }
        guard !connection.machine.isClosed else { return }
        noteDeadline(of: connection)
        if let inlineResponse { feed(connection, .responded(inlineResponse)) }
    }

    private func dateText() -> String {
        dates.text(for: shared.configuration.now())
    }

    private func noteDeadline(of connection: Connection) {
        guard let deadline = connection.machine.deadline else { return }
        if let next = nextDeadlineCheck, next <= deadline { return }
        nextDeadlineCheck = deadline
    }

    /// Ticks every connection whose deadline has passed, then schedules the next look.
    private func expireDeadlines(now: Instant) {
        var earliest: Instant?
        for connection in Array(connections.values) {
            guard let deadline = connection.machine.deadline else { continue }
            if deadline <= now {
                feed(connection, .tick)
                service(connection)  // Send the 408, say.
            }
            if let next = connection.machine.deadline, earliest.map({ next < $0 }) ?? true {
                earliest = next
            }
        }
        // Deadlines close together are handled in one pass rather than one pass each.
        nextDeadlineCheck = earliest.map { max($0, now + Self.timerResolution) }
    }
}

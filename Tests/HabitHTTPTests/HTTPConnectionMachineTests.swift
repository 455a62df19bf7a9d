import Foundation
import Testing

@testable import HabitHTTP

/// The connection state machine on its own: events in, actions out, time
/// moved by hand (no waiting).
@Suite("HTTPConnectionMachine")
struct HTTPConnectionMachineTests {
    typealias Machine = HTTPConnectionMachine

    private let start = ContinuousClock.now
    private let settings = Machine.Settings(
        headerTimeout: .seconds(10), bodyTimeout: .seconds(5), idleTimeout: .seconds(30),
        writeTimeout: .seconds(7), drainTimeout: .seconds(2), drainLimitBytes: 100,
        limits: .init(maxHeaderBytes: 1024, maxBodyBytes: 64))

    /// The machine plus a readable record of what it asked for.
    private struct Driver {
        var machine: Machine
        let start: ContinuousClock.Instant
        var now: ContinuousClock.Instant

        init(settings: Machine.Settings, start: ContinuousClock.Instant) {
            machine = Machine(settings: settings, now: start)
            self.start = start
            now = start
        }

        /// Applies `event` at `seconds` after the start; the actions as short strings.
        mutating func send(_ event: Machine.Event, at seconds: Double? = nil) -> [String] {
            if let seconds { now = start + .milliseconds(Int(seconds * 1000)) }
            return machine.handle(event, now: now, date: "Sun, 06 Nov 1994 08:49:37 GMT").map(
                describe)
        }

        mutating func receive(_ text: String, at seconds: Double? = nil) -> [String] {
            send(.received(Array(text.utf8)), at: seconds)
        }

        /// Seconds from the start to the armed deadline.
        var deadline: Double? {
            machine.deadline.map { start.duration(to: $0) / .milliseconds(1) / 1000 }
        }

        private func describe(_ action: Machine.Action) -> String {
            switch action {
            case .write(let bytes):
                let text = String(decoding: bytes, as: UTF8.self)
                let statusLine = text.components(separatedBy: "\r\n")[0]
                let connection = text.contains("Connection: close") ? " close" : ""
                return "write \(statusLine)\(connection)"
            case .dispatch(let dispatch):
                return "dispatch \(dispatch.request.method) \(dispatch.request.path)"
                    + (dispatch.isHead ? " (HEAD)" : "")
            case .closeOutput: return "closeOutput"
            case .close: return "close"
            case .log(let line): return "log \(line)"
            }
        }
    }

    private func driver() -> Driver { Driver(settings: settings, start: start) }

    @Test func aNewConnectionMustStartItsRequestWithinTheHeaderTimeout() {
        var connection = driver()
        #expect(connection.machine.phase == .idle)
        #expect(connection.machine.isIdle)
        #expect(connection.deadline == 10)
        #expect(connection.send(.tick, at: 9.9).isEmpty)
        // Nothing was received, so there is nobody to answer: a quiet close.
        #expect(connection.send(.tick, at: 10) == ["close"])
        #expect(connection.machine.isClosed)
        #expect(connection.machine.deadline == nil)
    }

    @Test func keepAliveRequestThenIdleTimeout() {
        var connection = driver()
        #expect(
            connection.receive("GET /a HTTP/1.1\r\nHost: x\r\n\r\n", at: 1) == ["dispatch GET /a"])
        #expect(connection.machine.phase == .responding)
        #expect(connection.machine.deadline == nil)
        #expect(!connection.machine.wantsInput)
        #expect(
            connection.send(.responded(HTTPResponse(status: 200)), at: 2) == [
                "write HTTP/1.1 200 OK"
            ])
        #expect(connection.machine.phase == .writing)
        // Sending a keep-alive response counts as idle: closing after it loses nothing.
        #expect(connection.machine.isIdle)
        #expect(connection.deadline == 9)
        #expect(connection.send(.writeFinished, at: 3).isEmpty)
        #expect(connection.machine.isIdle)
        #expect(connection.deadline == 33)
        #expect(connection.send(.tick, at: 32.9).isEmpty)
        #expect(connection.send(.tick, at: 33) == ["close"])
    }

    @Test func slowlorisGets408AtTheHeaderDeadlineHoweverSteadilyItTrickles() {
        var connection = driver()
        #expect(connection.receive("G", at: 1).isEmpty)
        #expect(connection.machine.phase == .readingHead)
        #expect(connection.deadline == 11)
        // A byte every second keeps the connection busy but never moves the deadline.
        for (index, byte) in "ET / HTTP/1.1\r\nX-".enumerated() {
            #expect(connection.receive(String(byte), at: 1.5 + Double(index) * 0.5).isEmpty)
            #expect(connection.deadline == 11)
        }
        #expect(!connection.machine.isIdle)
        #expect(
            connection.send(.tick, at: 11) == [
                "log - - 408 request_timeout", "write HTTP/1.1 408 Request Timeout close",
            ])
        #expect(connection.send(.writeFinished, at: 11.1) == ["closeOutput"])
        #expect(connection.machine.phase == .draining)
        #expect(connection.deadline == 13.1)
        #expect(connection.send(.tick, at: 13.1) == ["close"])
    }

    @Test func theBodyHasItsOwnDeadlineFromTheEndOfTheHead() {
        var connection = driver()
        #expect(
            connection.receive("PUT /p HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nab", at: 2)
                .isEmpty)
        #expect(connection.machine.phase == .readingBody)
        #expect(connection.deadline == 7)
        #expect(connection.receive("c", at: 6).isEmpty)
        #expect(connection.deadline == 7)
        #expect(
            connection.send(.tick, at: 7) == [
                "log - - 408 request_timeout", "write HTTP/1.1 408 Request Timeout close",
            ])
    }

    @Test func pipelinedRequestsAreDispatchedOneAtATimeInOrder() {
        var connection = driver()
        #expect(
            connection.receive(
                "GET /1 HTTP/1.1\r\nHost: x\r\n\r\nHEAD /2 HTTP/1.1\r\nHost: x\r\n\r\nGET /3 HTTP/1.1\r\n"
                    + "Host: x\r\nConnection: close\r\n\r\n", at: 0) == ["dispatch GET /1"])
        #expect(connection.send(.responded(HTTPResponse(status: 200))).count == 1)
        #expect(connection.send(.writeFinished) == ["dispatch GET /2 (HEAD)"])
        #expect(connection.send(.responded(HTTPResponse(status: 200))) == ["write HTTP/1.1 200 OK"])
        #expect(connection.send(.writeFinished) == ["dispatch GET /3"])
        #expect(
            connection.send(.responded(HTTPResponse(status: 200))) == [
                "write HTTP/1.1 200 OK close"
            ])
        #expect(connection.send(.writeFinished) == ["close"])
    }

    @Test func aFramingErrorIsAnsweredThenDrainedUpToTheLimit() {
        var connection = driver()
        #expect(
            connection.receive("GET / HTTP/1.1\r\n\r\n", at: 0) == [
                "log - - 400 bad_request", "write HTTP/1.1 400 Bad Request close",
            ])
        #expect(connection.send(.writeFinished) == ["closeOutput"])
        #expect(connection.machine.wantsInput)
        #expect(connection.receive(String(repeating: "x", count: 100)).isEmpty)
        #expect(connection.receive("x") == ["close"])
    }

    @Test func bareLineFeedsAreAnswered400AtOnceNot408AtTheDeadline() {
        var connection = driver()
        #expect(
            connection.receive("GET / HTTP/1.1\nHost: x\n\n", at: 0) == [
                "log - - 400 bad_request", "write HTTP/1.1 400 Bad Request close",
            ])
    }

    @Test func shutdownClosesAnIdleConnectionAtOnce() {
        var connection = driver()
        #expect(connection.send(.shutdown, at: 1) == ["close"])
    }

    @Test func shutdownLetsTheRequestUnderWayFinishWithConnectionClose() {
        var connection = driver()
        #expect(
            connection.receive("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n") == ["dispatch GET /slow"])
        #expect(connection.send(.shutdown).isEmpty)
        #expect(
            connection.send(.responded(HTTPResponse(status: 200))) == [
                "write HTTP/1.1 200 OK close"
            ])
        #expect(connection.send(.writeFinished) == ["close"])
    }

    @Test func shutdownWhileAHeadArrivesAnswersItThenCloses() {
        var connection = driver()
        #expect(connection.receive("GET /late HTTP/1.1\r\n").isEmpty)
        #expect(connection.send(.shutdown).isEmpty)
        #expect(connection.receive("Host: x\r\n\r\n") == ["dispatch GET /late"])
        #expect(
            connection.send(.responded(HTTPResponse(status: 204))) == [
                "write HTTP/1.1 204 No Content close"
            ])
    }

    @Test func theClientLeavingMidRequestClosesWithoutAnAnswer() {
        var connection = driver()
        #expect(
            connection.receive("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 9\r\n\r\nab").isEmpty
        )
        #expect(connection.send(.peerClosed) == ["close"])
    }

    @Test func aHalfClosedClientStillGetsItsAnswer() {
        var connection = driver()
        #expect(connection.receive("GET /x HTTP/1.1\r\nHost: x\r\n\r\n") == ["dispatch GET /x"])
        #expect(connection.send(.peerClosed).isEmpty)
        #expect(
            connection.send(.responded(HTTPResponse(status: 200))) == [
                "write HTTP/1.1 200 OK close"
            ])
        #expect(connection.send(.writeFinished) == ["close"])
    }

    @Test func closingToMakeRoomWhileSendingFinishesTheResponseFirst() {
        var connection = driver()
        _ = connection.receive("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(!connection.machine.isIdle)
        _ = connection.send(.responded(HTTPResponse(status: 200)))
        #expect(connection.machine.isIdle)
        #expect(connection.send(.shutdown).isEmpty)
        #expect(!connection.machine.isIdle)
        #expect(connection.send(.writeFinished) == ["close"])
    }

    @Test func aStalledWriteIsClosedAtTheWriteDeadline() {
        var connection = driver()
        _ = connection.receive("GET /x HTTP/1.1\r\nHost: x\r\n\r\n", at: 0)
        _ = connection.send(.responded(HTTPResponse(status: 200)), at: 1)
        #expect(connection.deadline == 8)
        #expect(connection.send(.tick, at: 8) == ["close"])
    }

    @Test func expectContinueIsWrittenWhileTheBodyIsAwaited() {
        var connection = driver()
        #expect(
            connection.receive(
                "PUT /x HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
                == ["write HTTP/1.1 100 Continue"])
        // The end of that write changes nothing: the body is still awaited.
        #expect(connection.send(.writeFinished).isEmpty)
        #expect(connection.machine.phase == .readingBody)
        #expect(connection.receive("ok") == ["dispatch PUT /x"])
    }

    @Test func eventsAfterCloseDoNothing() {
        var connection = driver()
        _ = connection.send(.failed)
        #expect(connection.machine.isClosed)
        #expect(connection.receive("GET / HTTP/1.1\r\nHost: x\r\n\r\n").isEmpty)
        #expect(connection.send(.responded(HTTPResponse(status: 200))).isEmpty)
        #expect(connection.send(.tick, at: 100).isEmpty)
        #expect(connection.send(.shutdown).isEmpty)
    }

    @Test func emptyLinesBetweenRequestsDoNotStartOneOrMoveTheIdleDeadline() {
        var connection = driver()
        _ = connection.receive("GET / HTTP/1.1\r\nHost: x\r\n\r\n", at: 0)
        _ = connection.send(.responded(HTTPResponse(status: 200)))
        _ = connection.send(.writeFinished, at: 1)
        #expect(connection.deadline == 31)
        #expect(connection.receive("\r\n", at: 20).isEmpty)
        #expect(connection.machine.isIdle)
        #expect(connection.deadline == 31)
    }
}

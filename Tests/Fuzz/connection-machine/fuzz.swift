import Foundation

@testable import HabitHTTP

/// libFuzzer entry point for `HTTPConnectionMachine`.
///
/// The input is a program of events: bytes (raw, or fragments of real
/// requests so the fuzzer reaches bodies, pipelining and 100-continue
/// quickly), time passing and ticks, the peer closing or failing, the
/// responder answering, writes finishing, shutdown. A model of the owner
/// delivers them as an event loop would, and every step checks the
/// machine's promises:
/// - nothing at all happens after `.close`, and nothing is written after `.closeOutput`;
/// - one request at a time: no dispatch while one is unanswered, and every
///   answer given is written as exactly one response;
/// - a deadline is armed whenever the connection is open and waits on the
///   client (every phase but responding), and a tick at the deadline moves
///   it on, so no connection is held without one or woken in a loop;
/// - the machine reads input only in the phases that accept it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConnectionMachine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var program = Program(bytes: UnsafeBufferPointer(start: data, count: size))
    let start = ContinuousClock.now
    var now = start
    let settings = HTTPConnectionMachine.Settings(
        headerTimeout: .seconds(10), bodyTimeout: .seconds(5), idleTimeout: .seconds(30),
        writeTimeout: .seconds(7), drainTimeout: .seconds(2), drainLimitBytes: 300,
        limits: .init(maxHeaderBytes: 400, maxBodyBytes: 200))
    var machine = HTTPConnectionMachine(settings: settings, now: now)
    var owner = Owner()
    check(machine.deadline == now + .seconds(10), "a new connection has the header deadline")

    while let opcode = program.next() {
        let event: HTTPConnectionMachine.Event
        switch opcode % 9 {
        case 0:
            let count = Int(program.next() ?? 0) % 64 + 1
            event = .received(program.take(count))
        case 1, 2:
            event = .received(Array(fragments[Int(program.next() ?? 0) % fragments.count].utf8))
        case 3:
            now += .milliseconds(Int(program.next() ?? 0) * 150)
            event = .tick
        case 4:
            event = program.next().map { $0 % 4 == 0 } == true ? .failed : .peerClosed
        case 5:
            // The owner answers only a request it was given, except now and then a stray one.
            let stray = program.next().map { $0 % 16 == 0 } == true
            guard owner.awaitingResponse || stray else { continue }
            let status = [200, 201, 204, 404, 500][Int(program.next() ?? 0) % 5]
            event = .responded(HTTPResponse(status: status, body: Data("{}".utf8)))
        case 6, 7:
            guard owner.writing || program.next().map({ $0 % 16 == 0 }) == true else { continue }
            event = .writeFinished
        default:
            event = .shutdown
        }
        if case .received = event, !machine.wantsInput, !machine.isClosed {
            // An owner never reads in these phases; the machine must still cope.
            check(
                machine.phase == .responding || machine.phase == .writing,
                "wantsInput is false only while answering")
        }
        let answering = owner.awaitingResponse
        let before = machine.deadline
        let actions = machine.handle(event, now: now, date: "Sun, 06 Nov 1994 08:49:37 GMT")
        owner.apply(actions, after: event, wasAnswering: answering)

        if case .tick = event, let before, now >= before, let after = machine.deadline {
            check(after > now, "a tick at the deadline moves the deadline on")
        }
        if machine.isClosed {
            check(machine.deadline == nil, "no deadline once closed")
            check(!machine.wantsInput, "no input once closed")
        } else {
            check(
                (machine.deadline == nil) == (machine.phase == .responding),
                "a deadline is armed exactly when the client is waited on")
            check(
                (machine.phase == .responding) == owner.awaitingResponse,
                "responding exactly while a dispatched request is unanswered")
            if let deadline = machine.deadline {
                check(
                    deadline <= now + .seconds(30), "deadlines are at most the longest timeout away"
                )
            }
        }
    }
    return 0
}

/// Fragments of requests that reach the parser's deeper states quickly.
private let fragments = [
    "GET / HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET /a?date=1 HTTP/1.1\r\n",
    "Host: x\r\n",
    "\r\n",
    "Content-Length: 3\r\n",
    "abc",
    "Expect: 100-continue\r\n",
    "Connection: close\r\n",
    "HEAD /h HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET /old HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
    "PUT /p HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nok",
    "POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: 999\r\n\r\n",
    "Transfer-Encoding: chunked\r\n",
    "BAD\r\n\r\n",
]

/// What the owner knows, checked against every action.
private struct Owner {
    var closed = false
    var outputShut = false
    var awaitingResponse = false
    var writing = false

    mutating func apply(
        _ actions: [HTTPConnectionMachine.Action], after event: HTTPConnectionMachine.Event,
        wasAnswering: Bool
    ) {
        if closed {
            check(actions.isEmpty, "nothing happens after close")
            return
        }
        var responsesWritten = 0
        for action in actions {
            check(!closed, "no action after close")
            switch action {
            case .write(let bytes):
                check(!outputShut, "no write after the write side is shut")
                let text = String(decoding: bytes, as: UTF8.self)
                check(text.hasPrefix("HTTP/1.1 "), "writes are responses")
                if !text.hasPrefix("HTTP/1.1 100 ") { responsesWritten += 1 }
                writing = true
            case .dispatch:
                check(!awaitingResponse, "one request at a time")
                awaitingResponse = true
            case .closeOutput:
                outputShut = true
            case .close:
                closed = true
            case .log:
                break
            }
        }
        if case .writeFinished = event { writing = false }
        if case .responded = event {
            if closed {
                check(responsesWritten == 0, "nothing is written while closing")
            } else if wasAnswering {
                check(responsesWritten == 1, "an answer is written as exactly one response")
                awaitingResponse = false
            } else {
                check(responsesWritten == 0, "a stray answer is not written")
            }
        }
        check(responsesWritten <= 1, "at most one response per event")
    }
}

/// The fuzzer's bytes, read front to back.
private struct Program {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    mutating func next() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func take(_ count: Int) -> [UInt8] {
        let end = min(bytes.count, position + count)
        defer { position = end }
        return Array(bytes[position..<end])
    }
}

private func check(_ condition: Bool, _ what: String) {
    guard !condition else { return }
    FileHandle.standardError.write(Data("FAILED: \(what)\n".utf8))
    abort()
}

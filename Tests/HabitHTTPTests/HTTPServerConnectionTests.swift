import Foundation
import TestSupport
import Testing

@testable import HabitHTTP

/// What idle and slow connections cost, over real loopback sockets: no
/// thread each, bounded by deadlines and by the connection limits.
@Suite("HTTPServer connections and limits")
struct HTTPServerConnectionTests {
    /// Opens `count` connections that have each had one answer and now sit idle.
    private func idleConnections(_ count: Int, to test: TestHTTPServer) throws -> [RawHTTPClient] {
        try (0..<count).map { index in
            let client = try test.connect()
            try client.send("GET /idle/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            return client
        }
    }

    @Test func manyIdleAndSilentConnectionsDoNotBlockANewClient() throws {
        // More than the 256 threads the server used to have. Client and server share this
        // process, so each connection costs two descriptors here.
        HTTPServer.raiseDescriptorLimit()
        let test = try TestHTTPServer()
        let idle = try idleConnections(300, to: test)
        let silent = try (0..<100).map { _ in try test.connect() }

        let newcomer = try test.connect()
        for index in 0..<5 {
            try newcomer.send("GET /new/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try newcomer.readResponse().json?["path"] as? String == "/new/\(index)")
        }
        // The idle ones are still open and served.
        try idle[0].send("GET /again HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try idle[0].readResponse().status == 200)
        #expect(!silent[0].hasInputPending())
    }

    @Test func slowlorisConnectionsAreDroppedAtTheHeaderDeadlineWhileOthersAreServed() throws {
        let test = try TestHTTPServer { $0.headerTimeout = .seconds(1) }
        let slow = try (0..<50).map { index in
            let client = try test.connect()
            try client.send("GET /slow/\(index) HTTP/1.1\r\nHost: x\r\nX-Trickle: a")
            return client
        }
        let other = try test.connect()
        for index in 0..<20 {
            try other.send("GET /other/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try other.readResponse().status == 200)
        }
        for client in slow {
            // Each read blocks until the server answers at the deadline (the client gives up at 10 s).
            let response = try client.readResponse()
            #expect(response.status == 408)
            #expect(response.header("Connection") == "close")
            #expect(try client.readsEndOfStream())
        }
        #expect(test.responder.calls == 20)
    }

    @Test func aClientAtItsLimitLosesItsOldestIdleConnection() throws {
        let test = try TestHTTPServer {
            $0.maxConnectionsPerClient = 2
            $0.exemptsLoopbackFromClientLimit = false
        }
        let idle = try idleConnections(2, to: test)
        let third = try test.connect()
        try third.send("GET /third HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try third.readResponse().status == 200)
        #expect(try idle[0].readsEndOfStream())
        try idle[1].send("GET /still HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try idle[1].readResponse().json?["path"] as? String == "/still")
    }

    @Test func aClientAtItsLimitWithNothingIdleIsRefusedButOthersAreNot() throws {
        let test = try TestHTTPServer {
            $0.maxConnectionsPerClient = 1
            $0.exemptsLoopbackFromClientLimit = false
        }
        let busy = try test.connect()
        try busy.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
        test.responder.entered.wait()

        let refused = try test.connect()
        try? refused.send("GET /more HTTP/1.1\r\nHost: x\r\n\r\n")
        let answer = try refused.readResponse()
        #expect(answer.status == 503)
        #expect(answer.header("Retry-After") == "1")
        #expect((answer.json?["message"] as? String)?.contains("your address") == true)

        // Another address (::1 is a different client than 127.0.0.1) is not affected.
        let otherServer = try TestHTTPServer {
            $0.host = "::"
            $0.maxConnectionsPerClient = 1
            $0.exemptsLoopbackFromClientLimit = false
        }
        let v4 = try RawHTTPClient(port: otherServer.port, host: "127.0.0.1")
        try v4.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
        otherServer.responder.entered.wait()
        let v6 = try RawHTTPClient(port: otherServer.port, host: "::1")
        try v6.send("GET /v6 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try v6.readResponse().status == 200)
        otherServer.responder.release.signal()
        #expect(try v4.readResponse().status == 200)

        test.responder.release.signal()
        #expect(try busy.readResponse().status == 200)
    }

    @Test func loopbackClientsAreExemptFromTheClientLimitByDefault() throws {
        let test = try TestHTTPServer { $0.maxConnectionsPerClient = 1 }
        let clients = try idleConnections(3, to: test)
        for client in clients { #expect(!client.hasInputPending()) }
    }
}

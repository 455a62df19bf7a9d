import Foundation
import Testing

@testable import HabitClient

/// The client's HTTP/1.1 response framing, fed the way a socket delivers:
/// whole, and one byte at a time.
@Suite struct HTTPResponseReaderTests {
    /// The response `text` gives, read whole and byte by byte (both must
    /// agree), ending the stream after the last byte.
    static func read(_ text: String, isHead: Bool = false) throws -> TransportResponse {
        let bytes = Array(text.utf8)
        var whole = HTTPResponseReader(isHead: isHead)
        let first = try whole.read(bytes) ?? whole.end()
        var split = HTTPResponseReader(isHead: isHead)
        var second: TransportResponse?
        for byte in bytes where second == nil {
            second = try split.read([byte])
        }
        #expect(try second ?? split.end() == first)
        return first
    }

    @Test func contentLengthFramesTheBody() throws {
        let response = try Self.read(
            "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 7\r\n"
                + "X-A: 1\r\nx-a: 2\r\n\r\n{\"a\":1}trailing bytes are not read")
        #expect(response.status == 201)
        #expect(response.body == Data(#"{"a":1}"#.utf8))
        #expect(response.header("content-type") == "application/json")
        #expect(response.header("X-A") == "1, 2")
    }

    @Test func chunkedBodiesWithExtensionsAndTrailers() throws {
        let response = try Self.read(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
                + "4;name=value\r\nWiki\r\n5\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\n"
                + "Trailer: x\r\n\r\n")
        #expect(String(decoding: response.body, as: UTF8.self) == "Wikipedia in\r\n\r\nchunks.")
    }

    @Test func interimAnswersAreSkippedAndBareLineFeedsAccepted() throws {
        let response = try Self.read(
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\nDate: x\n\n")
        #expect(response.status == 204)
        #expect(response.body.isEmpty)
    }

    @Test func withoutALengthTheBodyRunsToTheClose() throws {
        let response = try Self.read("HTTP/1.0 200 OK\r\n\r\nall of it")
        #expect(response.body == Data("all of it".utf8))
        let head = try Self.read("HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n", isHead: true)
        #expect(head.body.isEmpty)
    }

    @Test(arguments: [
        "SSH-2.0-OpenSSH_9.6\r\n\r\n",
        "HTTP/1.1 2000 OK\r\n\r\n",
        "HTTP/2 200\r\n\r\n",
        "HTTP/1.1 200 OK\r\n folded: header\r\n\r\n",
        "HTTP/1.1 200 OK\r\nno colon\r\n\r\n",
        "HTTP/1.1 200 OK\r\nbad name: x\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
        "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n",
        "HTTP/1.1 101 Switching Protocols\r\n\r\n",
    ])
    func malformedAnswersAreRefused(_ text: String) {
        var reader = HTTPResponseReader()
        #expect(throws: HTTPResponseReader.Failure.malformed) {
            _ = try reader.read(Array(text.utf8)) ?? reader.end()
        }
    }

    @Test func anAnswerCutShortIsNotAResponse() {
        for text in [
            "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab",
            "HTTP/1.1 200 OK\r\nContent-Le",
        ] {
            var reader = HTTPResponseReader()
            #expect(throws: HTTPResponseReader.Failure.malformed) {
                #expect(try reader.read(Array(text.utf8)) == nil)
                _ = try reader.end()
            }
        }
    }

    @Test func oversizedHeadsAndBodiesAreRefused() {
        var head = HTTPResponseReader()
        #expect(throws: HTTPResponseReader.Failure.tooLarge) {
            _ = try head.read(
                Array(("HTTP/1.1 200 OK\r\nX: " + String(repeating: "a", count: 70_000)).utf8))
        }
        var body = HTTPResponseReader()
        #expect(throws: HTTPResponseReader.Failure.tooLarge) {
            _ = try body.read(Array("HTTP/1.1 200 OK\r\nContent-Length: 999999999999\r\n\r\n".utf8))
        }
        var chunk = HTTPResponseReader()
        #expect(throws: HTTPResponseReader.Failure.tooLarge) {
            _ = try chunk.read(
                Array(
                    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffff\r\n".utf8)
            )
        }
    }
}

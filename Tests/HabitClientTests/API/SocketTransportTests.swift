#if os(Linux)
    import Foundation
    import Glibc
    import TestSupport
    import Testing

    @testable import HabitClient

    /// The Linux transport against real TLS servers (`openssl s_server` with
    /// certificates the test makes with the openssl command): the chain must
    /// be trusted and the certificate must name the host or IP connected to.
    @Suite struct SocketTransportTests {
        /// A certificate and key for `subjectAltName` made in `directory`.
        static func certificate(_ name: String, altName: String, in directory: URL) async throws
            -> (certificate: String, key: String)
        {
            let certificate = directory.appendingPathComponent("\(name).pem").path
            let key = directory.appendingPathComponent("\(name).key").path
            let result = try await run(
                "openssl",
                [
                    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out",
                    certificate, "-days", "2", "-subj", "/CN=\(name)", "-addext",
                    "subjectAltName=\(altName)",
                ])
            try #require(result.status == 0, "\(result.error)")
            return (certificate, key)
        }

        /// Runs `program` to completion: its status and standard error.
        static func run(_ program: String, _ arguments: [String]) async throws -> (
            status: Int32, error: String
        ) {
            let result = try await Subprocess.run(
                URL(fileURLWithPath: "/usr/bin/env"), [program] + arguments)
            return (result.status, result.error)
        }

        /// `openssl s_server -www` on 127.0.0.1 with `certificate`, once it
        /// accepts connections; stopped by `body`'s end.
        @discardableResult
        static func withServer<T>(
            _ certificate: (certificate: String, key: String),
            _ body: (Int) async throws -> T
        ) async throws -> T {
            // A free port: bound, read, released; s_server takes it at once.
            let port = try freePort()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "openssl", "s_server", "-accept", "127.0.0.1:\(port)", "-cert",
                certificate.certificate, "-key", certificate.key, "-www",
            ]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            defer {
                // s_server does not end on SIGTERM.
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            // s_server prints ACCEPT once it listens.
            var seen = Data()
            while !String(decoding: seen, as: UTF8.self).contains("ACCEPT") {
                let chunk = output.fileHandleForReading.availableData
                try #require(!chunk.isEmpty, "openssl s_server ended")
                seen.append(chunk)
            }
            return try await body(port)
        }

        static func freePort() throws -> Int {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(listener) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
                }
            }
            try #require(bound)
            return Int(UInt16(bigEndian: address.sin_port))
        }

        static func get(_ url: String, trusting: String?) async throws -> TransportResponse {
            let transport = SocketTransport(requestTimeout: 10, trustedCertificates: trusting)
            return try await transport.send(
                TransportRequest(method: .get, url: try #require(URL(string: url))))
        }

        @Test func aTrustedCertificateForTheHostIsAccepted() async throws {
            let directory = try TemporaryDirectory()
            let ip = try await Self.certificate("ip", altName: "IP:127.0.0.1", in: directory.url)
            try await Self.withServer(ip) { port in
                let response = try await Self.get(
                    "https://127.0.0.1:\(port)/api/", trusting: ip.certificate)
                #expect(response.status == 200)
                #expect(String(decoding: response.body, as: UTF8.self).contains("s_server"))
            }
            let name = try await Self.certificate(
                "localhost", altName: "DNS:localhost", in: directory.url)
            try await Self.withServer(name) { port in
                let response = try await Self.get(
                    "https://localhost:\(port)/", trusting: name.certificate)
                #expect(response.status == 200)
            }
        }

        @Test func anUntrustedCertificateIsRefused() async throws {
            let directory = try TemporaryDirectory()
            let selfSigned = try await Self.certificate(
                "ip", altName: "IP:127.0.0.1", in: directory.url)
            try await Self.withServer(selfSigned) { port in
                // The system's trusted certificates do not include it.
                await #expect(throws: APIError.secureConnectionFailed(host: "127.0.0.1:\(port)")) {
                    try await Self.get("https://127.0.0.1:\(port)/", trusting: nil)
                }
            }
        }

        @Test func aCertificateForAnotherNameIsRefused() async throws {
            let directory = try TemporaryDirectory()
            let other = try await Self.certificate(
                "example", altName: "DNS:example.com,IP:127.0.0.2", in: directory.url)
            try await Self.withServer(other) { port in
                await #expect(throws: APIError.secureConnectionFailed(host: "127.0.0.1:\(port)")) {
                    try await Self.get("https://127.0.0.1:\(port)/", trusting: other.certificate)
                }
                await #expect(throws: APIError.secureConnectionFailed(host: "localhost:\(port)")) {
                    try await Self.get("https://localhost:\(port)/", trusting: other.certificate)
                }
            }
        }

        @Test func plainHTTPToATLSServerIsNotAResponse() async throws {
            let directory = try TemporaryDirectory()
            let ip = try await Self.certificate("ip", altName: "IP:127.0.0.1", in: directory.url)
            try await Self.withServer(ip) { port in
                await #expect(throws: APIError.self) {
                    try await Self.get("http://127.0.0.1:\(port)/", trusting: nil)
                }
            }
        }

        @Test func headersThatWouldSplitTheRequestAreNeverSent() throws {
            let request = TransportRequest(
                method: .get, url: URL(string: "http://127.0.0.1:9/api/me/")!,
                headers: ["Authorization": "Bearer x\r\nX-Injected: 1"])
            #expect(throws: ClientConnection.Failure.unreachable) {
                try SocketTransport.encode(request, target: "/api/me/")
            }
            let plain = TransportRequest(
                method: .post, url: URL(string: "http://127.0.0.1:9/api/a/?b=c%20d")!,
                headers: ["Idempotency-Key": "k"], body: Data("{}".utf8))
            let target = try #require(SocketTransport.target(of: plain.url))
            #expect(target == "/api/a/?b=c%20d")
            #expect(
                String(decoding: try SocketTransport.encode(plain, target: target), as: UTF8.self)
                    == "POST /api/a/?b=c%20d HTTP/1.1\r\nHost: 127.0.0.1:9\r\naccept: */*\r\n"
                    + "connection: close\r\ncontent-length: 2\r\nidempotency-key: k\r\n"
                    + "user-agent: habits\r\n\r\n{}")
        }
    }
#endif

#if os(Linux)
    import Foundation
    import Glibc
    import HabitClient
    import ServerTestSupport
    import TestSupport
    import Testing

    /// Deployment.md's two servers behind nginx, as the article writes them:
    /// the nginx block and the servers' flags are read from the article,
    /// only ports, paths and the certificate are put in, and nginx (Debian's
    /// `nginx-light`) runs in the foreground in a temporary prefix on
    /// 127.0.0.1 with TLS, in front of two real habits-server processes.
    @Suite struct ReverseProxyDeploymentTests {
        static let article = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/HabitServer/HabitServer.docc/Deployment.md")

        /// The first fenced block of `language` in `text` whose text contains `marker`.
        static func block(_ language: String, containing marker: String, in text: String)
            throws -> String
        {
            let parts = text.components(separatedBy: "```")
            // Odd parts are inside fences: "nginx\n…".
            for (index, part) in parts.enumerated() where index % 2 == 1 {
                let lines = part.split(separator: "\n", omittingEmptySubsequences: false)
                guard lines.first.map(String.init) == language else { continue }
                let body = lines.dropFirst().joined(separator: "\n")
                if body.contains(marker) { return body }
            }
            throw TestSupportFailure("Deployment.md has no ```\(language) block with \(marker)")
        }

        /// The flags of the article's `habits-server` lines, less the port
        /// and the mail command (the test's servers take port 0 and an outbox).
        static func serverFlags(_ shell: String) throws -> [String] {
            let line = try #require(
                shell.split(separator: "\n").first { $0.hasPrefix("habits-server ") })
            var words: [String] = []
            var word = ""
            var quoted = false
            for character in line.dropFirst("habits-server ".count) {
                if character == "\"" {
                    quoted.toggle()
                } else if character == " " && !quoted {
                    if !word.isEmpty { words.append(word) }
                    word = ""
                } else {
                    word.append(character)
                }
            }
            if !word.isEmpty { words.append(word) }
            var flags: [String] = []
            var index = 0
            while index < words.count {
                switch words[index] {
                case "--port", "--mail-command": index += 2
                case "&": index += 1
                default:
                    flags.append(words[index])
                    index += 1
                }
            }
            return flags
        }

        /// The whole nginx.conf: the article's block with the test's ports,
        /// listen address and certificate, inside a foreground, single-process
        /// main context whose files all live in `prefix`.
        static func configuration(
            _ block: String, upstreams: [Int], listen: Int, certificate: String, key: String,
            prefix: String
        ) throws -> String {
            var text = block
            for (documented, port) in zip(["127.0.0.1:8001", "127.0.0.1:8002"], upstreams) {
                try #require(text.contains(documented), "the upstream \(documented)")
                text = text.replacingOccurrences(of: documented, with: "127.0.0.1:\(port)")
            }
            try #require(text.contains("listen 443 ssl;"))
            text = text.replacingOccurrences(
                of: "listen 443 ssl;", with: "listen 127.0.0.1:\(listen) ssl;")
            let certificateLine = try #require(
                text.split(separator: "\n").first { $0.contains("# ssl_certificate") })
            text = text.replacingOccurrences(
                of: certificateLine,
                with: "    ssl_certificate \(certificate); ssl_certificate_key \(key);")
            return """
                daemon off;
                master_process off;
                pid \(prefix)/nginx.pid;
                error_log \(prefix)/error.log;
                events { worker_connections 64; }
                http {
                    access_log off;
                    client_body_temp_path \(prefix)/body;
                    proxy_temp_path \(prefix)/proxy;
                    fastcgi_temp_path \(prefix)/fastcgi;
                    uwsgi_temp_path \(prefix)/uwsgi;
                    scgi_temp_path \(prefix)/scgi;
                \(text)
                }

                """
        }

        @Test func theDocumentedProxyServesTheWebAppAndTheAPIWithSecureCookies() async throws {
            let nginx = try RequiredTool.locate("nginx", package: "nginx-light")
            let openssl = try RequiredTool.locate("openssl")
            let article = try String(contentsOf: Self.article, encoding: .utf8)
            let block = try Self.block("nginx", containing: "upstream habits", in: article)
            let flags = try Self.serverFlags(
                try Self.block("sh", containing: "habits-server --port", in: article))

            let directory = try TemporaryDirectory(prefix: "habits-nginx")
            let database = directory.appending("habits.sqlite3")
            // One after the other: the first makes the secret both share.
            let first = try await ServerProcess(
                directory: directory.url, database: database, name: "first", arguments: flags)
            let second = try await ServerProcess(
                directory: directory.url, database: database, name: "second", arguments: flags)
            // Stopped at the end; on a failure before it, when released.

            let certificate = directory.appending("proxy.pem")
            let key = directory.appending("proxy.key")
            let made = try await Subprocess.run(
                openssl,
                [
                    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out",
                    certificate, "-days", "2", "-subj", "/CN=127.0.0.1", "-addext",
                    "subjectAltName=IP:127.0.0.1",
                ])
            try #require(made.status == 0, "\(made.error)")
            let prefix = directory.appending("nginx")
            try FileManager.default.createDirectory(
                atPath: prefix, withIntermediateDirectories: true)
            let listen = Int(try ClosedPort().port)
            let conf = prefix + "/nginx.conf"
            try Data(
                try Self.configuration(
                    block, upstreams: [first.port, second.port], listen: listen,
                    certificate: certificate, key: key, prefix: prefix
                ).utf8
            ).write(to: URL(fileURLWithPath: conf))
            let proxy = Process()
            proxy.executableURL = nginx
            proxy.arguments = ["-p", prefix, "-c", conf, "-e", prefix + "/error.log"]
            proxy.standardInput = FileHandle.nullDevice
            proxy.standardOutput = FileHandle.nullDevice
            proxy.standardError = FileHandle.nullDevice
            try proxy.run()
            defer {
                // SIGKILL: started from this test process, nginx without a
                // master process was seen not to end on SIGTERM.
                kill(proxy.processIdentifier, SIGKILL)
                proxy.waitUntilExit()
            }
            try Self.waitUntilListening(listen, while: proxy, log: prefix + "/error.log")

            let transport = SocketTransport(requestTimeout: 10, trustedCertificates: certificate)
            let base = "https://127.0.0.1:\(listen)"
            func send(
                _ method: TransportRequest.Method, _ path: String, body: String? = nil,
                headers: [String: String] = [:]
            ) async throws -> TransportResponse {
                var fields = headers
                if body != nil { fields["Content-Type"] = "application/json" }
                return try await transport.send(
                    TransportRequest(
                        method: method, url: try #require(URL(string: base + path)),
                        headers: fields, body: body.map { Data($0.utf8) }))
            }

            // The web app at /, as each server serves it.
            let page = try await send(.get, "/")
            #expect(page.status == 200, "\(page.status)")
            #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
            let direct = try APITestClient(port: UInt16(first.port)).request("GET", "/")
            #expect(page.body == direct.body)

            // The API, and the refresh cookie marked Secure from the proxy's
            // X-Forwarded-Proto (the servers listen on loopback).
            let email = "proxied@example.com"
            let sent = try await send(.post, "/api/auth/email/", body: #"{"email": "\#(email)"}"#)
            #expect(sent.status == 202, "\(sent.status)")
            let code = try ServerProcess.code(inOutbox: first.outbox, for: email)
            let tokens = try await send(
                .post, "/api/auth/token/", body: #"{"email": "\#(email)", "code": "\#(code)"}"#,
                headers: ["X-Habits-Client": "web"])
            #expect(tokens.status == 200, "\(tokens.status)")
            let cookie = try #require(tokens.header("Set-Cookie"))
            #expect(cookie.hasPrefix("habits_refresh="))
            #expect(cookie.contains("; Secure"), "\(cookie)")
            let object = try JSONSerialization.jsonObject(with: tokens.body) as? [String: Any]
            let access = try #require(object?["access"] as? String)
            // Both servers answer through the proxy (it takes turns).
            for _ in 0..<2 {
                let habits = try await send(
                    .get, "/api/me/habits/", headers: ["Authorization": "Bearer \(access)"])
                #expect(habits.status == 200, "\(habits.status)")
            }

            // Straight to a server on loopback, without the proxy's header,
            // no Secure: the browser would not send it back over plain HTTP.
            let plainEmail = "plain@example.com"
            let client = APITestClient(port: UInt16(second.port))
            let plainSent = try client.request(
                "POST", "/api/auth/email/", body: #"{"email": "\#(plainEmail)"}"#)
            #expect(plainSent.status == 202)
            let plainCode = try ServerProcess.code(inOutbox: first.outbox, for: plainEmail)
            let plain = try client.request(
                "POST", "/api/auth/token/",
                body: #"{"email": "\#(plainEmail)", "code": "\#(plainCode)"}"#,
                headers: [("X-Habits-Client", "web")])
            #expect(plain.status == 200)
            #expect(!plain.setCookies.isEmpty)
            #expect(plain.setCookies.allSatisfy { !$0.contains("Secure") })
            await first.stop()
            await second.stop()
        }

        /// Returns once something accepts connections on `port`; fails when
        /// nginx ends first or after 10 seconds.
        static func waitUntilListening(_ port: Int, while process: Process, log: String) throws {
            for _ in 0..<400 {
                guard process.isRunning else { break }
                let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_addr.s_addr = inet_addr("127.0.0.1")
                address.sin_port = UInt16(port).bigEndian
                let connected = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                    }
                }
                close(socketFD)
                if connected { return }
                usleep(25_000)
            }
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw TestSupportFailure("nginx did not start: \(text)")
        }
    }
#endif

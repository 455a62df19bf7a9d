import Foundation
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// The web app as habits-server serves it: the addresses, the cache rules,
/// the ETags and 304s, the security headers, the first-load budget, and
/// `--no-web`.
@Suite struct WebAppServingTests {
    static let policy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
        + "form-action 'self'"

    /// The asset addresses index.html names (`href`/`src` under /assets/).
    private func assetAddresses(in page: String) -> [String] {
        page.components(separatedBy: "\"").filter { $0.hasPrefix("/assets/") }
    }

    @Test func thePageIsServedAtTheRootWithTheSecurityHeadersAndNoCache() throws {
        try withAPIServer { server in
            let page = try server.request("GET", "/")
            #expect(page.status == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.headers["cache-control"] == "no-cache")
            #expect(page.headers["content-security-policy"] == Self.policy)
            #expect(page.headers["x-content-type-options"] == "nosniff")
            #expect(page.headers["referrer-policy"] == "no-referrer")
            #expect(page.text.contains("<script type=\"module\" src=\"/assets/"))
            #expect(!page.text.contains("__ASSETS__"))
            // The API is where it was.
            #expect(try server.request("GET", "/api/me/").code == "not_authenticated")
        }
    }

    @Test func assetsHaveVersionedAddressesAndAreImmutable() throws {
        try withAPIServer { server in
            let page = try server.request("GET", "/").text
            let addresses = assetAddresses(in: page)
            #expect(addresses.contains { $0.hasSuffix("/app.js") })
            #expect(addresses.contains { $0.hasSuffix("/app.css") })
            for address in addresses {
                let answer = try server.request("GET", address)
                #expect(answer.status == 200, "\(address)")
                #expect(answer.headers["cache-control"] == "public, max-age=31536000, immutable")
                #expect(answer.headers["content-security-policy"] == Self.policy)
                #expect(answer.headers["etag"]?.hasPrefix("\"") == true)
            }
            let script = try server.request("GET", addresses.first { $0.hasSuffix("/app.js") }!)
            #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
            // Another version's asset is gone; the API never sees the path.
            let old = try server.request("GET", "/assets/0000000000000000/app.js")
            #expect(old.status == 404)
        }
    }

    @Test func aMatchingIfNoneMatchIs304WithoutABody() throws {
        try withAPIServer { server in
            for address in ["/", "/sw.js", "/manifest.webmanifest"] {
                let first = try server.request("GET", address)
                let etag = try #require(first.headers["etag"])
                let again = try server.request(
                    "GET", address, headers: [("If-None-Match", "\"other\", W/\(etag)")])
                #expect(again.status == 304, "\(address)")
                #expect(again.body.isEmpty)
                #expect(again.headers["etag"] == etag)
                let changed = try server.request(
                    "GET", address, headers: [("If-None-Match", "\"other\"")])
                #expect(changed.status == 200)
            }
        }
    }

    @Test func otherMethodsAre405() throws {
        try withAPIServer { server in
            let answer = try server.request("POST", "/", body: "{}")
            #expect(answer.status == 405)
            #expect(answer.headers["allow"] == "GET, HEAD")
        }
    }

    @Test func theVersionChangesWithAnyFileAndTheETagWithItsBytes() {
        let one = WebApp(sources: [
            ("index.html", Data("<script src=\"__ASSETS__/a.js\">".utf8)), ("a.js", Data("1".utf8)),
        ])
        let two = WebApp(sources: [
            ("index.html", Data("<script src=\"__ASSETS__/a.js\">".utf8)), ("a.js", Data("2".utf8)),
        ])
        #expect(one.assetPrefix != two.assetPrefix)
        #expect(one.file(at: "/")?.etag != two.file(at: "/")?.etag)
        #expect(one.file(at: "\(one.assetPrefix)/a.js") != nil)
        #expect(one.file(at: "\(two.assetPrefix)/a.js") == nil)
        #expect(one.addresses == ["/", "\(one.assetPrefix)/a.js"])
    }

    /// Everything a first visit fetches (the page, its stylesheet, its
    /// modules, the manifest and the icon), as sent to a browser (which
    /// takes gzip), is at most 150 KB; without gzip it is said, not held.
    @Test func theFirstLoadFitsIn150KB() {
        let app = WebApp.embedded
        let files = app.addresses.filter { !$0.hasSuffix(".png") && $0 != "/sw.js" }
            .compactMap { app.file(at: $0) }
        let sent = files.map { $0.representation(acceptEncoding: "gzip, deflate, br").body.count }
            .reduce(0, +)
        let plain = files.map(\.body.count).reduce(0, +)
        #expect(sent > 0)
        #expect(sent <= 150_000, "first load \(sent) bytes (\(plain) without gzip)")
    }

    /// A text file goes gzip-compressed to a client that accepts it, with
    /// an ETag of its own and `Vary`, and decompresses to the same bytes;
    /// a client that does not ask gets the bytes as they are.
    @Test func textFilesGoGzipCompressedToAClientThatAcceptsIt() throws {
        try withAPIServer { server in
            let page = try server.request("GET", "/").text
            let script = try #require(assetAddresses(in: page).first { $0.hasSuffix("/app.js") })
            let plain = try server.request("GET", script)
            #expect(plain.headers["content-encoding"] == nil)
            #expect(plain.headers["vary"] == "Accept-Encoding")
            let packed = try server.request(
                "GET", script, headers: [("Accept-Encoding", "gzip, deflate, br")])
            #expect(packed.status == 200)
            #expect(packed.headers["content-encoding"] == "gzip")
            #expect(packed.headers["vary"] == "Accept-Encoding")
            #expect(packed.body.count * 2 < plain.body.count)
            let etag = try #require(packed.headers["etag"])
            #expect(etag != plain.headers["etag"])
            #expect(try Self.gunzip(packed.body) == plain.body)
            // Its own ETag revalidates it; the other form's does not.
            let again = try server.request(
                "GET", script, headers: [("Accept-Encoding", "gzip"), ("If-None-Match", etag)])
            #expect(again.status == 304)
            let other = try server.request(
                "GET", script,
                headers: [("Accept-Encoding", "gzip"), ("If-None-Match", plain.headers["etag"]!)])
            #expect(other.status == 200)
            // An image already compressed goes as it is.
            let icon = try #require(assetAddresses(in: page).first { $0.hasSuffix(".png") })
            let image = try server.request("GET", icon, headers: [("Accept-Encoding", "gzip")])
            #expect(image.headers["content-encoding"] == nil)
        }
    }

    @Test(arguments: [
        ("gzip", true), ("GZIP;q=0.5", true), ("deflate, br", false), ("*", true),
        ("gzip;q=0", false), ("gzip;q=0, *", false), ("br, *;q=0.1", true), ("identity", false),
        ("x-gzip", true), ("", false),
    ])
    func acceptEncodingIsReadAsRFC9110Says(header: String, accepted: Bool) {
        #expect(GzipEncoding.accepts(header) == accepted)
    }

    /// `gzip -dc`: the standard tool, so the test does not check zlib
    /// with zlib.
    static func gunzip(_ data: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "gzip -dc"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(data)
        try input.fileHandleForWriting.close()
        let result = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return result
    }

    @Test func noWebLeavesOnlyTheAPI() throws {
        let directory = try TemporaryDirectory(prefix: "habits-no-web")
        var configuration = ServerConfiguration.inMemory(outbox: directory.appending("outbox"))
        configuration.servesWebApp = false
        let app = try HabitServerApp(configuration: configuration, environment: [:])
        let port = try app.start()
        defer { app.shutdown() }
        let client = APITestClient(port: port)
        #expect(try client.request("GET", "/").status == 404)
        #expect(try client.request("GET", "/sw.js").status == 404)
        #expect(try client.request("GET", "/api/me/").code == "not_authenticated")
    }

    @Test func noWebIsAFlagAndAVariable() throws {
        func serves(_ arguments: [String], _ environment: [String: String]) throws -> Bool {
            guard
                case .run(let configuration) = try ServerCommandLine.parse(
                    arguments, environment: ["HOME": "/home/someone"].merging(environment) { $1 })
            else { throw APITestFailure("not a run command") }
            return configuration.servesWebApp
        }
        #expect(try serves([], [:]))
        #expect(try !serves(["--no-web"], [:]))
        #expect(try !serves([], ["HABITS_NO_WEB": "1"]))
        #expect(try serves([], ["HABITS_NO_WEB": "0"]))
        #expect(throws: UsageError("HABITS_NO_WEB must be 1 or 0 (true or false), not \"maybe\"."))
        {
            try serves([], ["HABITS_NO_WEB": "maybe"])
        }
        guard
            case .printConfiguration(let configuration) = try ServerCommandLine.parse(
                ["--print-config", "--no-web"], environment: ["HOME": "/home/someone"])
        else { throw APITestFailure("not --print-config") }
        #expect(
            ConfigurationReport.render(configuration, environment: [:]).contains(
                "web = off (--no-web)"))
        #expect(ServerCommandLine.usage.contains("  --no-web "))
    }
}

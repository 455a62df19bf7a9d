import Foundation
import Testing

@testable import HabitClient
@testable import HabitCore

@Suite struct APIConfigurationTests {
    @Test func defaultsToTheLocalServer() throws {
        let configuration = try APIConfiguration()
        #expect(configuration.baseURLString == "http://127.0.0.1:8000/api/")
        #expect(configuration.hostDescription == "127.0.0.1:8000")
    }

    @Test(arguments: [
        ("http://127.0.0.1:8000/api", "http://127.0.0.1:8000/api/"),
        ("http://127.0.0.1:8000/api/", "http://127.0.0.1:8000/api/"),
        ("http://127.0.0.1:8000/api///", "http://127.0.0.1:8000/api/"),
        ("http://127.0.0.1:8000", "http://127.0.0.1:8000/"),
        ("HTTPS://Habits.Example.com/v1/api", "https://Habits.Example.com/v1/api/"),
        ("  https://habits.example.com/api/  ", "https://habits.example.com/api/"),
    ])
    func normalisesTheTrailingSlash(input: String, expected: String) throws {
        #expect(try APIConfiguration(baseURL: input).baseURLString == expected)
    }

    @Test(arguments: [
        "http://127.0.0.1/api/", "http://127.1.2.3:9000/", "http://localhost:8000/api/",
        "http://LOCALHOST/", "http://[::1]:8000/api/", "http://[0:0:0:0:0:0:0:1]/",
    ])
    func allowsPlainHTTPToThisMachine(url: String) throws {
        #expect(try APIConfiguration(baseURL: url).allowInsecure == false)
    }

    @Test(arguments: [
        "http://example.com/api/", "http://192.168.1.10:8000/api/", "http://128.0.0.1/",
        "http://localhost.example.com/", "http://[::2]/", "http://127.0.0.1.example.com/",
        "http://[::ffff:10.0.0.1]/",
    ])
    func refusesPlainHTTPToOtherMachines(url: String) throws {
        #expect {
            try APIConfiguration(baseURL: url)
        } throws: { error in
            guard case .insecureServer = error as? APIError else { return false }
            return true
        }
        // Allowed when asked for explicitly.
        #expect(try APIConfiguration(baseURL: url, allowInsecure: true).allowInsecure)
        // https is always fine.
        let secure = url.replacingOccurrences(of: "http://", with: "https://")
        #expect(try APIConfiguration(baseURL: secure).baseURL.scheme == "https")
    }

    @Test(arguments: [
        "", "not a url", "ftp://example.com/", "file:///etc/passwd", "https://",
        "https://example.com/api/?x=1", "https://example.com/api/#top",
        "https://user:pass@example.com/api/", "//example.com/api/", "127.0.0.1:8000",
        // A port must be one a socket can have.
        "http://127.0.0.1:99999/", "http://127.0.0.1:0/api/", "https://example.com:65536/",
    ])
    func refusesWhatIsNotAServerURL(text: String) {
        #expect(throws: APIError.invalidServerURL(text)) { try APIConfiguration(baseURL: text) }
    }

    @Test func buildsRouteURLs() throws {
        let configuration = try APIConfiguration(baseURL: "http://127.0.0.1:8000/api")
        #expect(
            configuration.url("me/habits/3/progress/2026-11-30/").absoluteString
                == "http://127.0.0.1:8000/api/me/habits/3/progress/2026-11-30/")
        let listed = configuration.url(
            "me/habits/", query: [("status", "ALL"), ("date", "2026-11-30")])
        #expect(
            listed.absoluteString
                == "http://127.0.0.1:8000/api/me/habits/?status=ALL&date=2026-11-30")
    }
}

import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// The server trims exactly the contract's set around `name` and
/// `measurement_type`: Unicode White_Space, which U+200B is not.
@Suite struct NameTrimTests {
    @Test func zeroWidthSpaceIsKeptAsTheNamePatternSays() throws {
        try withAPIServer { server throws in
            let tokens = try server.signIn("someone@example.com")
            let name = "\u{200B}Read\u{200B}"
            let created = try server.request(
                "POST", "/api/me/habits/",
                body: server.habitBody(name: "\u{3000} \(name)\u{85}\\n"), token: tokens.access)
            #expect(created.status == 201, "\(created)")
            #expect(try created.object()["name"] as? String == name)
            let unit = try server.request(
                "POST", "/api/me/habits/",
                body:
                    #"{"name": "Walk", "frequency": "DAILY", "measurement_type": "\u200bkm\u00a0", "start_date": "2026-11-01", "action_days": [1], "target_value": 1}"#,
                token: tokens.access)
            #expect(try unit.object()["measurement_type"] as? String == "\u{200B}km")
        }
    }
}

import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// `position` on the habit routes: set on create, changed and removed
/// (null) by PATCH, the list answered in its order, refused out of range
/// with a field error, carried by the change feed.
@Suite struct HabitPositionRoutesTests {
    @Test func positionsOrderTheListAndAreChangedAndRemoved() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            func create(_ name: String, _ overrides: [String: String] = [:]) throws -> Int {
                let created = try server.request(
                    "POST", "/api/me/habits/",
                    body: server.habitBody(name: name, overrides: overrides),
                    token: token)
                #expect(created.status == 201)
                return try #require(try created.object()["id"] as? Int)
            }
            func names() throws -> [String] {
                let list = try server.request("GET", "/api/me/habits/", token: token).object()
                return (list["data"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            }
            let read = try create("Read")
            let walk = try create("Walk", ["position": "2048"])
            _ = try create("Swim", ["position": "1024"])
            #expect(try names() == ["Swim", "Walk", "Read"])
            let shown = try server.request("GET", "/api/me/habits/\(walk)/", token: token)
            #expect(try shown.object()["position"] as? Int == 2048)
            #expect(
                try server.request("GET", "/api/me/habits/\(read)/", token: token).object()[
                    "position"] == nil)

            let moved = try server.request(
                "PATCH", "/api/me/habits/\(read)/", body: #"{"position": 0}"#, token: token)
            #expect(moved.status == 200)
            #expect(try moved.object()["position"] as? Int == 0)
            #expect(try names() == ["Read", "Swim", "Walk"])
            let kept = try server.request(
                "PATCH", "/api/me/habits/\(read)/", body: #"{"name": "Reading"}"#, token: token)
            #expect(try kept.object()["position"] as? Int == 0)

            let feed = try server.request("GET", "/api/me/changes/", token: token).object()
            let changes = try #require(feed["changes"] as? [[String: Any]])
            let fed = changes.compactMap { $0["habit"] as? [String: Any] }
            #expect(fed.first { $0["id"] as? Int == read }?["position"] as? Int == 0)

            let removed = try server.request(
                "PATCH", "/api/me/habits/\(read)/", body: #"{"position": null}"#, token: token)
            #expect(try removed.object()["position"] == nil)
            #expect(try names() == ["Swim", "Walk", "Reading"])
        }
    }

    /// A position below 0, above 2^31 - 1 or not whole is a 400 naming it;
    /// nothing is stored.
    @Test func wrongPositionsAreFieldErrors() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            for (value, problem) in [
                ("-1", "Enter a whole number from 0 to 2147483647."),
                ("2147483648", "Enter a whole number from 0 to 2147483647."),
                ("99999999999999", "Enter a whole number from 0 to 2147483647."),
            ] {
                let wrong = try server.request(
                    "POST", "/api/me/habits/",
                    body: server.habitBody(overrides: ["position": value]), token: token)
                #expect(wrong.status == 400, "\(value)")
                #expect(wrong.fields["position"] == [problem], "\(value)")
            }
            let typed = try server.request(
                "POST", "/api/me/habits/",
                body: server.habitBody(name: " ", overrides: ["position": "1.5"]), token: token)
            #expect(typed.status == 400)
            #expect(Set(typed.fields.keys) == ["name", "position"])

            let created = try server.request(
                "POST", "/api/me/habits/", body: server.habitBody(), token: token)
            let id = try #require(try created.object()["id"] as? Int)
            let patched = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"position": 2147483648}"#,
                token: token)
            #expect(patched.status == 400)
            #expect(Set(patched.fields.keys) == ["position"])
            let edge = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"position": 2147483647}"#,
                token: token)
            #expect(try edge.object()["position"] as? Int == 2_147_483_647)
            let list = try server.request("GET", "/api/me/habits/", token: token).object()
            #expect((list["data"] as? [[String: Any]])?.count == 1)
        }
    }
}

import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// `icon` and `color` on the habit routes: set on create, changed and
/// removed (null) by PATCH, refused with field errors, carried by the list
/// and the change feed.
@Suite struct HabitMarksRoutesTests {
    @Test func marksAreSetChangedAndRemoved() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let created = try server.request(
                "POST", "/api/me/habits/",
                body: server.habitBody(
                    name: "Run", overrides: ["icon": #""🏃""#, "color": ##""#1e90ff""##]),
                token: token)
            #expect(created.status == 201)
            let habit = try created.object()
            let id = try #require(habit["id"] as? Int)
            #expect(habit["icon"] as? String == "🏃")
            #expect(habit["color"] as? String == "#1e90ff")

            let list = try server.request("GET", "/api/me/habits/", token: token).object()
            let listed = try #require((list["data"] as? [[String: Any]])?.first)
            #expect(listed["icon"] as? String == "🏃")

            let kept = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"name": "Jog"}"#, token: token)
            #expect(try kept.object()["icon"] as? String == "🏃")
            let changed = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"icon": "🚴", "color": null}"#,
                token: token)
            #expect(changed.status == 200)
            let updated = try changed.object()
            #expect(updated["icon"] as? String == "🚴")
            #expect(updated["color"] == nil)

            let feed = try server.request("GET", "/api/me/changes/", token: token).object()
            let changes = try #require(feed["changes"] as? [[String: Any]])
            let fed = try #require(changes.first { $0["kind"] as? String == "habit" })
            #expect((fed["habit"] as? [String: Any])?["icon"] as? String == "🚴")

            let cleared = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"icon": null}"#, token: token)
            #expect(try cleared.object()["icon"] == nil)
            let shown = try server.request("GET", "/api/me/habits/\(id)/", token: token)
            #expect(try shown.object()["icon"] == nil)
        }
    }

    /// Wrong marks are 400s naming each field beside the other fields'
    /// problems; nothing is stored.
    @Test func wrongMarksAreFieldErrors() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let wrong = try server.request(
                "POST", "/api/me/habits/",
                body: server.habitBody(
                    name: " ", overrides: ["icon": #""🏃🏃""#, "color": ##""#1E90FF""##]),
                token: token)
            #expect(wrong.status == 400)
            #expect(Set(wrong.fields.keys) == ["name", "icon", "color"])
            #expect(wrong.fields["icon"] == ["Enter exactly one emoji."])

            let typed = try server.request(
                "POST", "/api/me/habits/",
                body: server.habitBody(overrides: ["icon": "3", "color": "true"]), token: token)
            #expect(typed.status == 400)
            #expect(typed.fields["icon"] == ["Not a valid string."])
            #expect(typed.fields["color"] == ["Not a valid string."])

            let created = try server.request(
                "POST", "/api/me/habits/", body: server.habitBody(), token: token)
            let id = try #require(try created.object()["id"] as? Int)
            let patched = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"icon": "x", "color": "blue"}"#,
                token: token)
            #expect(patched.status == 400)
            #expect(Set(patched.fields.keys) == ["icon", "color"])
            let list = try server.request("GET", "/api/me/habits/", token: token).object()
            #expect((list["data"] as? [[String: Any]])?.count == 1)
        }
    }
}

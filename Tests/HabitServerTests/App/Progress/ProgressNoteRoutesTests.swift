import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// A day's `note` on the progress routes: kept unless sent, removed by null
/// or blank, refused when it is not one line of at most 500 characters.
@Suite struct ProgressNoteRoutesTests {
    @Test func aPutWithoutNoteKeepsItAndNullOrBlankRemovesIt() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let path = "/api/me/habits/\(id)/progress/2026-11-30/"
            let noted = try server.request(
                "PUT", path, body: #"{"skipped": true, "note": "  sick "}"#, token: token)
            #expect(noted.status == 200)
            #expect(
                withoutVersions(noted.text)
                    == #"{"date":"2026-11-30","note":"sick","skipped":true,"value":0}"#)
            let kept = try server.request("PUT", path, body: #"{"value": 2}"#, token: token)
            #expect(
                withoutVersions(kept.text)
                    == #"{"date":"2026-11-30","note":"sick","skipped":false,"value":2}"#)
            let listed = try server.request(
                "GET", "/api/me/habits/\(id)/progress/?from=2026-11-30&to=2026-11-30", token: token
            ).list()
            #expect(listed.first?["note"] as? String == "sick")

            for removal in [#"{"value": 2, "note": null}"#, #"{"value": 2, "note": " "}"#] {
                _ = try server.request(
                    "PUT", path, body: #"{"value": 2, "note": "again"}"#, token: token)
                let removed = try server.request("PUT", path, body: removal, token: token)
                #expect(
                    withoutVersions(removed.text)
                        == #"{"date":"2026-11-30","skipped":false,"value":2}"#)
            }
        }
    }

    @Test(arguments: [
        (#"{"value": 1, "note": "a\nb"}"#, "A note is one line"),
        (#"{"value": 1, "note": "a\u2028b"}"#, "A note is one line"),
        (#"{"value": 1, "note": 5}"#, "Not a valid string."),
        (#"{"value": 1, "note": ""# + String(repeating: "x", count: 501) + #""}"#, "500"),
    ])
    func aBadNoteIsNamedAndChangesNothing(body: String, message: String) throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let path = "/api/me/habits/\(id)/progress/2026-11-30/"
            _ = try server.request("PUT", path, body: #"{"value": 4, "note": "ok"}"#, token: token)
            let answer = try server.request("PUT", path, body: body, token: token)
            #expect(answer.status == 400)
            #expect(Array(answer.fields.keys) == ["note"])
            #expect(answer.fields["note"]?.first?.contains(message) == true)
            let entries = try server.request(
                "GET", "/api/me/habits/\(id)/progress/?from=2026-11-30&to=2026-11-30", token: token
            ).list()
            #expect(entries.first?["value"] as? Int == 4)
            #expect(entries.first?["note"] as? String == "ok")
        }
    }

    @Test func aNoteAloneDoesNotZeroTheDay() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let path = "/api/me/habits/\(id)/progress/2026-11-30/"
            _ = try server.request("PUT", path, body: #"{"value": 4}"#, token: token)
            let answer = try server.request("PUT", path, body: #"{"note": "x"}"#, token: token)
            #expect(answer.status == 400)
            #expect(Array(answer.fields.keys) == ["value"])
        }
    }

    @Test func anIncrementKeepsOrChangesTheNote() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let day = "/api/me/habits/\(id)/progress/2026-11-30/increment/"
            let first = try server.request(
                "POST", day, body: #"{"amount": 1, "note": "hills"}"#, token: token)
            #expect(
                withoutVersions(first.text)
                    == #"{"date":"2026-11-30","note":"hills","skipped":false,"value":1}"#)
            let second = try server.request("POST", day, body: #"{"amount": 1}"#, token: token)
            #expect(
                withoutVersions(second.text)
                    == #"{"date":"2026-11-30","note":"hills","skipped":false,"value":2}"#)
            let third = try server.request(
                "POST", day, body: #"{"amount": 1, "note": null}"#, token: token)
            #expect(
                withoutVersions(third.text) == #"{"date":"2026-11-30","skipped":false,"value":3}"#)
            let bad = try server.request(
                "POST", day, body: #"{"amount": 1, "note": "a\tb"}"#, token: token)
            #expect(bad.status == 400)
            #expect(Array(bad.fields.keys) == ["note"])
        }
    }

    @Test func aBatchReplacesWholeEntriesNotesIncluded() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            _ = try server.request(
                "PUT", "/api/me/habits/\(id)/progress/2026-11-02/",
                body: #"{"value": 1, "note": "old"}"#, token: token)
            let batch = try server.request(
                "PUT", "/api/me/habits/\(id)/progress/",
                body: #"{"entries": [{"date": "2026-11-01", "value": 1, "note": "new"}, "#
                    + #"{"date": "2026-11-02", "value": 2}]}"#,
                token: token)
            #expect(batch.status == 200)
            let entries = try server.request(
                "GET", "/api/me/habits/\(id)/progress/?from=2026-11-01&to=2026-11-02", token: token
            ).list()
            #expect(entries.map { $0["note"] as? String } == ["new", nil])
            let bad = try server.request(
                "PUT", "/api/me/habits/\(id)/progress/",
                body: #"{"entries": [{"date": "2026-11-01", "note": "a\nb"}]}"#, token: token)
            #expect(bad.status == 400)
            #expect(Array(bad.fields.keys) == ["entries[0].note"])
        }
    }
}

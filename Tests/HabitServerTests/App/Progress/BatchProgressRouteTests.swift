import Foundation
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

/// `PUT /api/me/habits/{id}/progress/`: many days at once, all or nothing.
@Suite struct BatchProgressRouteTests {
    @Test func writesEveryEntryAndAnswersTheCount() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let path = "/api/me/habits/\(id)/progress/"
            let body =
                #"{"entries": [{"date": "2026-11-01", "value": 2.5}, {"date": "2026-11-02", "skipped": true}]}"#
            let answer = try server.request("PUT", path, body: body, token: token)
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.text == #"{"count":2}"#)
            let again = try server.request("PUT", path, body: body, token: token)
            #expect(again.text == answer.text)
            let entries = try server.request(
                "GET", "\(path)?from=2026-11-01&to=2026-11-30", token: token
            ).list()
            #expect(entries.count == 2)
            #expect(entries.last?["skipped"] as? Bool == true)
        }
    }

    /// A date given twice takes its last entry (schema-valid, so accepted;
    /// Schemathesis found the refusal that was here before).
    @Test func aDateGivenTwiceTakesItsLastEntry() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let path = "/api/me/habits/\(id)/progress/"
            let body =
                #"{"entries": [{"date": "2026-11-01", "value": 1}, {"date": "2026-11-02"}, {"date": "2026-11-01", "value": 3}]}"#
            let answer = try server.request("PUT", path, body: body, token: token)
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.text == #"{"count":2}"#)
            let entries = try server.request(
                "GET", "\(path)?from=2026-11-01&to=2026-11-30", token: token
            ).list()
            #expect(entries.count == 2)
            #expect((entries.first?["value"] as? NSNumber)?.intValue == 3)
        }
    }

    @Test func oneBadEntryWritesNothingAndIsNamedByIndex() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let path = "/api/me/habits/\(id)/progress/"
            let body =
                #"{"entries": [{"date": "2026-11-01", "value": 1}, {"date": "2026-11-02"}, {"date": "2026-11-03", "value": -1}, {"date": "2026-11-01"}]}"#
            let answer = try server.request("PUT", path, body: body, token: token)
            #expect(answer.status == 400)
            #expect(answer.text.contains(#""entries[2].value""#), "\(answer.text)")
            let entries = try server.request(
                "GET", "\(path)?from=2026-11-01&to=2026-11-30", token: token
            ).list()
            #expect(entries.isEmpty)
        }
    }

    @Test func limitsAndOwnership() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let path = "/api/me/habits/\(id)/progress/"
            let items = (0...ProgressEntry.maximumBatchEntries).map {
                #"{"date": "\#(2000 + $0 / 365)-01-01"}"#
            }
            let tooMany = try server.request(
                "PUT", path, body: #"{"entries": [\#(items.joined(separator: ","))]}"#, token: token
            )
            #expect(tooMany.status == 400 || tooMany.status == 413)
            let empty = try server.request("PUT", path, body: #"{"entries": []}"#, token: token)
            #expect(empty.status == 400)
            let other = try server.signIn("c@d.co").access
            let foreign = try server.request(
                "PUT", path, body: #"{"entries": [{"date": "2026-11-01"}]}"#, token: other)
            #expect(foreign.status == 404)
        }
    }
}

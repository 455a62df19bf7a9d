import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// Progress entries: ranges and their limits, idempotent PUT, DELETE.
@Suite struct ProgressRoutesTests {
    @Test func putReplacesTheDaysEntryAndRepeatingChangesNothing() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let path = "/api/me/habits/\(id)/progress/2026-11-30/"
            let first = try server.request("PUT", path, body: #"{"value": 0.7}"#, token: token)
            #expect(first.status == 200)
            // The habit's creation was change 1.
            #expect(
                first.text
                    == #"{"date":"2026-11-30","replaced":null,"skipped":false,"value":0.7,"version":"2"}"#
            )
            // The same entry again: nothing changes, the version neither.
            let again = try server.request("PUT", path, body: #"{"value": 0.7}"#, token: token)
            #expect(
                again.text
                    == #"{"date":"2026-11-30","replaced":{"date":"2026-11-30","skipped":false,"value":0.7,"version":"2"},"skipped":false,"value":0.7,"version":"2"}"#
            )
            let skipped = try server.request("PUT", path, body: #"{"skipped": true}"#, token: token)
            #expect(
                skipped.text
                    == #"{"date":"2026-11-30","replaced":{"date":"2026-11-30","skipped":false,"value":0.7,"version":"2"},"skipped":true,"value":0,"version":"3"}"#
            )
            let entries = try server.request(
                "GET", "/api/me/habits/\(id)/progress/?from=2026-11-30&to=2026-11-30", token: token
            ).list()
            #expect(entries.count == 1)
            #expect(entries.first?["skipped"] as? Bool == true)
        }
    }

    @Test(arguments: ["", "{}", "  ", #"{"other": 1}"#])
    func aPutWithNeitherValueNorSkippedIsRefused(body: String) throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let path = "/api/me/habits/\(id)/progress/2026-11-30/"
            _ = try server.request("PUT", path, body: #"{"value": 4}"#, token: token)
            let answer = try server.request("PUT", path, body: body, token: token)
            #expect(answer.status == 400)
            #expect(Array(answer.fields.keys) == ["value"])
            // The day keeps its value.
            let entries = try server.request(
                "GET", "/api/me/habits/\(id)/progress/?from=2026-11-30&to=2026-11-30", token: token
            ).list()
            #expect(entries.first?["value"] as? Int == 4)
        }
    }

    @Test func eitherFieldAloneIsEnough() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let path = "/api/me/habits/\(id)/progress/2026-11-30/"
            let value = try server.request("PUT", path, body: #"{"value": 2}"#, token: token)
            #expect(
                value.text
                    == #"{"date":"2026-11-30","replaced":null,"skipped":false,"value":2,"version":"2"}"#
            )
            let skipped = try server.request("PUT", path, body: #"{"skipped": true}"#, token: token)
            #expect(
                skipped.text
                    == #"{"date":"2026-11-30","replaced":{"date":"2026-11-30","skipped":false,"value":2,"version":"2"},"skipped":true,"value":0,"version":"3"}"#
            )
        }
    }

    @Test(arguments: [
        (#"{"value": -1}"#, "value"), (#"{"value": "3"}"#, "value"),
        (#"{"skipped": "true"}"#, "skipped"), (#"{"skipped": 1}"#, "skipped"),
        (#"{"value": 1000000001}"#, "value"), (#"{"value": null}"#, "value"),
    ])
    func badEntryIsNamed(body: String, field: String) throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let answer = try server.request(
                "PUT", "/api/me/habits/\(id)/progress/2026-11-30/", body: body, token: token)
            #expect(answer.status == 400)
            #expect(Array(answer.fields.keys) == [field])
        }
    }

    @Test func rangeIsSortedAndInclusive() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            for date in ["2026-11-30", "2026-11-02", "2026-11-15", "2026-12-01"] {
                _ = try server.request(
                    "PUT", "/api/me/habits/\(id)/progress/\(date)/", body: #"{"value": 1}"#,
                    token: token)
            }
            let entries = try server.request(
                "GET", "/api/me/habits/\(id)/progress/?from=2026-11-02&to=2026-11-30", token: token
            ).list()
            #expect(
                entries.compactMap { $0["date"] as? String } == [
                    "2026-11-02", "2026-11-15", "2026-11-30",
                ])
        }
    }

    @Test func rangeRules() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            func get(_ query: String) throws -> APITestResponse {
                try server.request("GET", "/api/me/habits/\(id)/progress/\(query)", token: token)
            }
            let missing = try get("")
            #expect(missing.status == 400)
            #expect(Set(missing.fields.keys) == ["from", "to"])
            let backwards = try get("?from=2026-11-30&to=2026-11-29")
            #expect(backwards.status == 400)
            #expect(Array(backwards.fields.keys) == ["to"])
            let impossible = try get("?from=2026-02-30&to=2026-03-01")
            #expect(Array(impossible.fields.keys) == ["from"])
            // 2016-01-01 + 3,700 days = 2026-02-17.
            #expect(try get("?from=2016-01-01&to=2026-02-17").status == 200)
            let tooLong = try get("?from=2016-01-01&to=2026-02-18")
            #expect(tooLong.status == 400)
            #expect(Array(tooLong.fields.keys) == ["to"])
        }
    }

    @Test func deleteRemovesTheEntryAndIsIdempotent() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let path = "/api/me/habits/\(id)/progress/2026-11-30/"
            _ = try server.request("PUT", path, body: #"{"value": 4}"#, token: token)
            #expect(try server.request("DELETE", path, token: token).status == 204)
            #expect(try server.request("DELETE", path, token: token).status == 204)
            let entries = try server.request(
                "GET", "/api/me/habits/\(id)/progress/?from=2026-11-01&to=2026-12-31", token: token
            ).list()
            #expect(entries.isEmpty)
        }
    }

    @Test func badDateInThePathIsNamed() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            for date in ["2026-02-30", "2026-2-3", "today", "2026-11-30T00:00:00Z"] {
                let answer = try server.request(
                    "PUT", "/api/me/habits/\(id)/progress/\(date)/", body: #"{"value": 1}"#,
                    token: token)
                #expect(answer.status == 400)
                #expect(Array(answer.fields.keys) == ["date"])
            }
        }
    }

    @Test func unknownHabitIsNotFound() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let put = try server.request(
                "PUT", "/api/me/habits/999/progress/2026-11-30/", body: #"{"value": 1}"#,
                token: token)
            #expect(put.status == 404)
            #expect(put.code == "not_found")
        }
    }
}

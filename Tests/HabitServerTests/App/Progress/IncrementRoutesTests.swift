import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// `POST /api/me/habits/{id}/progress/{date}/increment/`.
@Suite struct IncrementRoutesTests {
    @Test func addsToTheDayAndUnskipsIt() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let day = "/api/me/habits/\(id)/progress/2026-11-30"
            let first = try server.request(
                "POST", day + "/increment/", body: #"{"amount": 0.7}"#, token: token)
            #expect(first.status == 200)
            #expect(
                withoutVersions(first.text) == #"{"date":"2026-11-30","skipped":false,"value":0.7}"#
            )
            _ = try server.request("PUT", day + "/", body: #"{"skipped": true}"#, token: token)
            // Without the trailing slash too.
            let second = try server.request(
                "POST", day + "/increment", body: #"{"amount": 0.1}"#, token: token)
            #expect(second.status == 200)
            #expect(
                withoutVersions(second.text)
                    == #"{"date":"2026-11-30","skipped":false,"value":0.1}"#)
            let third = try server.request(
                "POST", day + "/increment/", body: #"{"amount": 0}"#, token: token)
            #expect(withoutVersions(third.text) == withoutVersions(second.text))
            let entries = try server.request(
                "GET", "/api/me/habits/\(id)/progress/?from=2026-11-30&to=2026-11-30", token: token
            ).list()
            #expect(entries.count == 1)
            #expect(entries.first?["value"] as? Double == 0.1)
        }
    }

    @Test func anotherUsersOrAnUnknownHabitIsNotFound() throws {
        try withAPIServer { server in
            let owner = try server.signIn("a@b.co").access
            let other = try server.signIn("c@d.co").access
            let id = try server.createHabit(token: owner)
            for (habit, token) in [(id, other), (id + 1000, owner)] {
                let answer = try server.request(
                    "POST", "/api/me/habits/\(habit)/progress/2026-11-30/increment/",
                    body: #"{"amount": 1}"#, token: token)
                #expect(answer.status == 404)
                #expect(answer.code == "not_found")
            }
            let entries = try server.request(
                "GET", "/api/me/habits/\(id)/progress/?from=2026-11-30&to=2026-11-30", token: owner
            ).list()
            #expect(entries.isEmpty)
        }
    }

    @Test(arguments: [
        "", "{}", #"{"amount": -1}"#, #"{"amount": "3"}"#, #"{"amount": null}"#,
        #"{"amount": 1000000001}"#, #"{"amount": true}"#, #"{"value": 1}"#,
    ])
    func badAmountIsNamed(body: String) throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let answer = try server.request(
                "POST", "/api/me/habits/\(id)/progress/2026-11-30/increment/", body: body,
                token: token)
            #expect(answer.status == 400)
            #expect(answer.code == "invalid")
            #expect(Array(answer.fields.keys) == ["amount"])
        }
    }

    @Test func aSumPastTheMaximumIsRefusedAndChangesNothing() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let path = "/api/me/habits/\(id)/progress/2026-11-30/increment/"
            let first = try server.request(
                "POST", path, body: #"{"amount": 999999999.5}"#, token: token)
            #expect(first.status == 200)
            let past = try server.request("POST", path, body: #"{"amount": 1}"#, token: token)
            #expect(past.status == 400)
            #expect(Array(past.fields.keys) == ["amount"])
            let entries = try server.request(
                "GET", "/api/me/habits/\(id)/progress/?from=2026-11-30&to=2026-11-30", token: token
            ).list()
            #expect(entries.first?["value"] as? Double == 999_999_999.5)
        }
    }

    @Test func otherMethodsAre405WithAllow() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            for method in ["GET", "PUT", "DELETE", "PATCH"] {
                let answer = try server.request(
                    method, "/api/me/habits/\(id)/progress/2026-11-30/increment/", body: "{}",
                    token: token)
                #expect(answer.status == 405)
                #expect(answer.headers["allow"] == "POST")
            }
        }
    }

    @Test func aBadDateIsNamedAndAMissingTokenIs401() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let bad = try server.request(
                "POST", "/api/me/habits/\(id)/progress/2026-02-30/increment/",
                body: #"{"amount": 1}"#, token: token)
            #expect(bad.status == 400)
            #expect(Array(bad.fields.keys) == ["date"])
            let anonymous = try server.request(
                "POST", "/api/me/habits/\(id)/progress/2026-11-30/increment/",
                body: #"{"amount": 1}"#)
            #expect(anonymous.status == 401)
        }
    }

    @Test func concurrentIncrementsAllCount() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let path = "/api/me/habits/\(id)/progress/2026-11-30/increment/"
            let results = ConcurrentResults()
            DispatchQueue.concurrentPerform(iterations: 10) { _ in
                let answer = try? server.request(
                    "POST", path, body: #"{"amount": 1}"#, token: token)
                results.add(answer.map { String($0.status) })
            }
            #expect(results.values == Array(repeating: "200", count: 10))
            let entries = try server.request(
                "GET", "/api/me/habits/\(id)/progress/?from=2026-11-30&to=2026-11-30", token: token
            ).list()
            #expect(entries.first?["value"] as? Int == 10)
        }
    }
}

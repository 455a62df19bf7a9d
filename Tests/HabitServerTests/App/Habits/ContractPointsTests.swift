import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// The points of the contract settled in issue 11 §2: lengths in Unicode
/// scalars, the total habit cap, exact `status` values, and numbers.
@Suite struct ContractPointsTests {
    @Test func lengthsCountUnicodeScalarsNotCharacters() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            func create(_ name: String) throws -> APITestResponse {
                let quoted = String(
                    decoding: try JSONEncoder().encode(name), as: UTF8.self)
                return try server.request(
                    "POST", "/api/me/habits/", body: server.habitBody(overrides: ["name": quoted]),
                    token: token)
            }
            // Each family emoji is one character of seven scalars.
            let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
            #expect(family.count == 1 && family.unicodeScalars.count == 7)
            #expect(try create(String(repeating: family, count: 14) + "nn").status == 201)
            let tooLong = try create(String(repeating: family, count: 15))
            #expect(tooLong.status == 400)
            #expect(Array(tooLong.fields.keys) == ["name"])
            #expect(try create(String(repeating: "é", count: 100)).status == 201)
            #expect(try create(String(repeating: "e\u{301}", count: 51)).status == 400)
            // White space around a name is trimmed; inside, a control character is refused.
            let trimmed = try create("  Run\n")
            #expect(try trimmed.object()["name"] as? String == "Run")
            #expect(try create("Ru\u{7}n").fields["name"] != nil)
        }
    }

    @Test func archivedHabitsCountTowardTheTotalCap() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            var created = 0
            while created < 200 {
                let id = try server.createHabit(token: token, name: "Habit \(created)")
                created += 1
                let archived = try server.request(
                    "PATCH", "/api/me/habits/\(id)/", body: #"{"status": "ARCHIVED"}"#,
                    token: token)
                #expect(archived.status == 200)
            }
            let refused = try server.request(
                "POST", "/api/me/habits/", body: server.habitBody(), token: token)
            #expect(refused.status == 409)
            #expect(refused.code == "habit_total_limit")
            let all = try server.request("GET", "/api/me/habits/?status=ALL", token: token).list()
            #expect(all.count == 200)
        }
    }

    @Test(arguments: ["active", "Archived", "all", "ACTIVE ", ""])
    func statusMatchesExactly(value: String) throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let query = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let answer = try server.request(
                "GET", "/api/me/habits/?status=\(query)", token: token)
            #expect(answer.status == 400)
            #expect(Array(answer.fields.keys) == ["status"])
        }
    }

    @Test(arguments: [
        ("0", #""value":0"#), ("0.000001", #""value":0.000001"#),
        ("999999999.999999", #""value":999999999.999999"#),
        ("1.0000000000000002", #""value":1.0000000000000002"#), ("-0.0", #""value":0"#),
        ("1e2", #""value":100"#), ("1000000000", #""value":1000000000"#),
    ])
    func everyValueWithinTheBoundsIsKeptExactly(value: String, stored: String) throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let answer = try server.request(
                "PUT", "/api/me/habits/\(id)/progress/2026-11-30/", body: #"{"value": \#(value)}"#,
                token: token)
            #expect(answer.status == 200)
            #expect(answer.text.contains(stored))
        }
    }

    @Test(arguments: [
        ("5e-324", "at least 0.000001"), ("1e-7", "at least 0.000001"),
        ("-5e-324", "greater than or equal to 0"), ("1e300", "less than or equal to 1000000000"),
        ("1e400", "beyond ±1e308"), ("1e-400", "beyond ±1e308"),
    ])
    func valuesPastTheBoundsSayWhichBound(value: String, message: String) throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let answer = try server.request(
                "PUT", "/api/me/habits/\(id)/progress/2026-11-30/", body: #"{"value": \#(value)}"#,
                token: token)
            #expect(answer.status == 400)
            let problems = answer.fields["value"] ?? []
            #expect(problems.count == 1)
            #expect(problems.first?.contains(message) == true, "\(problems)")
        }
    }

    @Test(arguments: [
        ("5e-324", "at least 0.000001"), ("0.0000009", "at least 0.000001"),
        ("0", "greater than 0"), ("1e300", "less than or equal to 1000000"),
    ])
    func targetsPastTheBoundsSayWhichBound(target: String, message: String) throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let answer = try server.request(
                "POST", "/api/me/habits/", body: server.habitBody(target: target), token: token)
            #expect(answer.status == 400)
            let problems = answer.fields["target_value"] ?? []
            #expect(problems.first?.contains(message) == true, "\(problems)")
        }
    }
}

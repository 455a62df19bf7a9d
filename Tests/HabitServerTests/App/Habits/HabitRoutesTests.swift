import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// Habit CRUD, validation, the active limit, list filters and completion data.
@Suite struct HabitRoutesTests {
    @Test func createShowUpdateDelete() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let created = try server.request(
                "POST", "/api/me/habits/",
                body: server.habitBody(name: "  Read  ", target: "0.1"), token: token)
            #expect(created.status == 201)
            let habit = try created.object()
            let id = try #require(habit["id"] as? Int)
            #expect(habit["name"] as? String == "Read")
            #expect(habit["status"] as? String == "ACTIVE")
            #expect(habit["measurement_type"] as? String == "pages")
            #expect(habit["action_days"] as? [Int] == [1, 2, 3, 4, 5, 6, 7])
            #expect(habit["created_at"] as? String == "2026-11-30T12:00:00Z")
            // 0.1 is written back as 0.1, not 0.1000000000000000055.
            #expect(created.text.contains(#""target_value":0.1"#))

            let shown = try server.request("GET", "/api/me/habits/\(id)/", token: token)
            #expect(shown.status == 200)
            #expect(try shown.object()["name"] as? String == "Read")

            server.clock.advance(by: 60)
            let patched = try server.request(
                "PATCH", "/api/me/habits/\(id)/",
                body: #"{"name": "Read more", "action_days": [1, 3, 5], "unknown": true}"#,
                token: token)
            #expect(patched.status == 200)
            let updated = try patched.object()
            #expect(updated["name"] as? String == "Read more")
            #expect(updated["action_days"] as? [Int] == [1, 3, 5])
            #expect(updated["frequency"] as? String == "DAILY")
            #expect(updated["updated_at"] as? String == "2026-11-30T12:01:00Z")

            let deleted = try server.request("DELETE", "/api/me/habits/\(id)/", token: token)
            #expect(deleted.status == 204)
            #expect(try server.request("GET", "/api/me/habits/\(id)/", token: token).status == 404)
            #expect(
                try server.request("DELETE", "/api/me/habits/\(id)/", token: token).status == 404)
        }
    }

    /// A second active habit of one name (ignoring case) is 409
    /// `habit_name_taken`, as openapi.yaml says; a name of only digits is a
    /// 400 naming `name`. A PATCH that keeps a name does not re-check it.
    @Test func namesThatCannotBeLookedUpAreRefused() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let first = try server.request(
                "POST", "/api/me/habits/", body: server.habitBody(name: "Read"), token: token)
            #expect(first.status == 201)
            let again = try server.request(
                "POST", "/api/me/habits/", body: server.habitBody(name: " rEAD "), token: token)
            #expect(again.status == 409)
            #expect(again.code == "habit_name_taken")
            let digits = try server.request(
                "POST", "/api/me/habits/", body: server.habitBody(name: " 12 "), token: token)
            #expect(digits.status == 400)
            #expect(digits.fields.keys.sorted() == ["name"])
            let run = try server.request(
                "POST", "/api/me/habits/", body: server.habitBody(name: "Run"), token: token)
            let id = try #require(try run.object()["id"] as? Int)
            let renamed = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"name": "read"}"#, token: token)
            #expect(renamed.status == 409)
            #expect(renamed.code == "habit_name_taken")
            let kept = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"target_value": 3}"#, token: token)
            #expect(kept.status == 200)
            let list = try server.request("GET", "/api/me/habits/", token: token)
            #expect(list.text.components(separatedBy: #""name":"#).count == 3, "\(list.text)")
        }
    }

    @Test func deletingAHabitRemovesItsProgress() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            _ = try server.request(
                "PUT", "/api/me/habits/\(id)/progress/2026-11-30/", body: #"{"value": 3}"#,
                token: token)
            #expect(
                try server.request("DELETE", "/api/me/habits/\(id)/", token: token).status == 204)
            let progress = try server.request(
                "GET", "/api/me/habits/\(id)/progress/?from=2026-11-01&to=2026-12-01", token: token)
            #expect(progress.status == 404)
        }
    }

    @Test func everyFieldProblemIsReportedTogether() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let answer = try server.request(
                "POST", "/api/me/habits/",
                body: """
                    {"name": "", "frequency": "HOURLY", "measurement_type": 7,
                     "start_date": "2026-02-30", "action_days": [0, 8], "target_value": "10"}
                    """, token: token)
            #expect(answer.status == 400)
            #expect(answer.code == "invalid")
            #expect(
                Set(answer.fields.keys) == [
                    "name", "frequency", "measurement_type", "start_date", "action_days",
                    "target_value",
                ])
            #expect(answer.fields["target_value"] == ["A valid number is required."])
            #expect(answer.fields["name"] == ["This field may not be blank."])
        }
    }

    @Test func missingFieldsAreRequiredAndRuleProblemsComeWithTypeProblems() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let empty = try server.request("POST", "/api/me/habits/", body: "{}", token: token)
            #expect(empty.status == 400)
            #expect(empty.fields.count == 6)
            #expect(empty.fields.values.allSatisfy { $0 == ["This field is required."] })

            let mixed = try server.request(
                "POST", "/api/me/habits/",
                body: """
                    {"name": "Run", "frequency": "WEEKLY", "measurement_type": "km",
                     "start_date": "2026-11-30", "action_days": [], "target_value": -1,
                     "status": 3}
                    """, token: token)
            #expect(mixed.status == 400)
            #expect(Set(mixed.fields.keys) == ["action_days", "target_value"])
        }
    }

    @Test(arguments: [
        ("target_value", "true"), ("target_value", "[1]"), ("target_value", "1e400"),
        ("target_value", "1000001"), ("target_value", "0"), ("target_value", "\"10\""),
        ("action_days", "\"1,2\""), ("action_days", "[1.5]"), ("action_days", "[true]"),
        ("action_days", "[\"1\"]"), ("action_days", "{}"), ("name", "null"), ("name", "[\"Read\"]"),
        ("name", "\"\\u0007bell\""), ("start_date", "20261130"),
        ("start_date", "\"2026-11-30T00:00:00Z\""), ("start_date", "\"2026-02-30\""),
        ("frequency", "\"daily\""), ("measurement_type", "\"\""),
    ])
    func wrongValueIsReportedUnderItsField(field: String, value: String) throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let body = server.habitBody(overrides: [field: value])
            let answer = try server.request("POST", "/api/me/habits/", body: body, token: token)
            #expect(answer.status == 400)
            #expect(Array(answer.fields.keys) == [field])
        }
    }

    @Test func patchValidatesTheMergedFields() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let blank = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"name": "   "}"#, token: token)
            #expect(blank.status == 400)
            #expect(blank.fields["name"] == ["This field may not be blank."])
            let typed = try server.request(
                "PATCH", "/api/me/habits/\(id)/",
                body: #"{"target_value": "5", "action_days": [], "status": "PAUSED"}"#, token: token
            )
            #expect(typed.status == 400)
            #expect(Set(typed.fields.keys) == ["target_value", "action_days", "status"])
            let unchanged = try server.request("GET", "/api/me/habits/\(id)/", token: token)
            #expect(try unchanged.object()["target_value"] as? Int == 10)
            let empty = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: "{}", token: token)
            #expect(empty.status == 200)
        }
    }

    @Test func sixteenthActiveHabitIsRefusedAndArchivingMakesRoom() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            var ids: [Int] = []
            for index in 0..<15 {
                ids.append(try server.createHabit(token: token, name: "H\(index)"))
            }
            let sixteenth = try server.request(
                "POST", "/api/me/habits/", body: server.habitBody(name: "H15"), token: token)
            #expect(sixteenth.status == 409)
            #expect(sixteenth.code == "habit_limit")

            let archived = try server.request(
                "PATCH", "/api/me/habits/\(ids[0])/", body: #"{"status": "ARCHIVED"}"#, token: token
            )
            #expect(archived.status == 200)
            #expect(try archived.object()["status"] as? String == "ARCHIVED")
            let replacement = try server.createHabit(token: token, name: "H15")

            let unarchive = try server.request(
                "PATCH", "/api/me/habits/\(ids[0])/", body: #"{"status": "ACTIVE"}"#, token: token)
            #expect(unarchive.status == 409)
            #expect(unarchive.code == "habit_limit")

            _ = try server.request("DELETE", "/api/me/habits/\(replacement)/", token: token)
            let again = try server.request(
                "PATCH", "/api/me/habits/\(ids[0])/", body: #"{"status": "ACTIVE"}"#, token: token)
            #expect(again.status == 200)
        }
    }

    @Test func listFiltersByStatusAndOrdersById() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let first = try server.createHabit(token: token, name: "A")
            let second = try server.createHabit(token: token, name: "B")
            let third = try server.createHabit(token: token, name: "C")
            _ = try server.request(
                "PATCH", "/api/me/habits/\(second)/", body: #"{"status": "ARCHIVED"}"#, token: token
            )
            func ids(_ query: String) throws -> [Int] {
                try server.request("GET", "/api/me/habits/\(query)", token: token).list()
                    .compactMap { $0["id"] as? Int }
            }
            #expect(try ids("") == [first, third])
            #expect(try ids("?status=ACTIVE") == [first, third])
            #expect(try ids("?status=ARCHIVED") == [second])
            #expect(try ids("?status=ALL") == [first, second, third])
            let plain = try server.request("GET", "/api/me/habits/", token: token).list()
            #expect(plain.allSatisfy { $0["completion_data"] == nil })
        }
    }

    @Test func badQueryValuesAreNamed() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let answer = try server.request(
                "GET", "/api/me/habits/?status=DONE&date=2026-02-30&today=tomorrow", token: token)
            #expect(answer.status == 400)
            #expect(answer.code == "invalid")
            #expect(Set(answer.fields.keys) == ["status", "date", "today"])
        }
    }

    @Test func dailyCompletionStatesFollowTheClientsToday() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            // Monday to Friday, from Wednesday 2026-11-25, target 2.
            let id = try server.createHabit(
                token: token, startDate: "2026-11-25", actionDays: "[1,2,3,4,5]", target: "2")
            for (date, body) in [
                ("2026-11-25", #"{"value": 2}"#), ("2026-11-26", #"{"value": 1, "skipped": true}"#),
                ("2026-11-30", #"{"value": 1.5}"#),
            ] {
                _ = try server.request(
                    "PUT", "/api/me/habits/\(id)/progress/\(date)/", body: body, token: token)
            }
            func completion(_ date: String, today: String? = nil) throws -> [String: Any]? {
                let query = "date=\(date)" + (today.map { "&today=\($0)" } ?? "")
                let list = try server.request("GET", "/api/me/habits/?\(query)", token: token)
                    .list()
                return list.first?["completion_data"] as? [String: Any]
            }
            #expect(
                try completion("2026-11-24", today: "2026-11-30")?["state"] as? String
                    == "before_start")
            #expect(
                try completion("2026-11-25", today: "2026-11-30")?["state"] as? String == "done")
            #expect(
                try completion("2026-11-26", today: "2026-11-30")?["state"] as? String == "skipped")
            #expect(
                try completion("2026-11-27", today: "2026-11-30")?["state"] as? String == "failed")
            #expect(
                try completion("2026-11-28", today: "2026-11-30")?["state"] as? String == "rest")
            let today = try #require(try completion("2026-11-30", today: "2026-11-30"))
            #expect(today["state"] as? String == "pending")
            #expect(today["current"] as? Double == 1.5)
            #expect(today["target"] as? Int == 2)
            #expect(
                try completion("2026-12-01", today: "2026-11-30")?["state"] as? String == "future")
            // A client a day behind the server's UTC date: Monday is still to come.
            #expect(
                try completion("2026-11-30", today: "2026-11-29")?["state"] as? String == "future")
            // Without today, the account's date (2026-11-30, in UTC until it sets a zone) decides.
            #expect(try completion("2026-11-27")?["state"] as? String == "failed")
            #expect(try completion("2026-11-30")?["state"] as? String == "pending")
        }
    }

    @Test func weeklyCompletionSumsTheWeekFromTheStartDate() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            // Starts Wednesday 2026-11-25; the week of 2026-11-23 counts from Wednesday.
            let id = try server.createHabit(
                token: token, frequency: "WEEKLY", startDate: "2026-11-25",
                actionDays: "[1,2,3,4,5,6,7]", target: "5")
            for (date, value) in [("2026-11-24", "9"), ("2026-11-25", "2"), ("2026-11-27", "1.5")] {
                _ = try server.request(
                    "PUT", "/api/me/habits/\(id)/progress/\(date)/", body: #"{"value": \#(value)}"#,
                    token: token)
            }
            let list = try server.request(
                "GET", "/api/me/habits/?date=2026-11-26&today=2026-11-27", token: token
            ).list()
            let completion = try #require(list.first?["completion_data"] as? [String: Any])
            #expect(completion["current"] as? Double == 3.5)
            #expect(completion["state"] as? String == "pending")
            let later = try server.request(
                "GET", "/api/me/habits/?date=2026-11-26&today=2026-12-02", token: token
            ).list()
            #expect(
                (later.first?["completion_data"] as? [String: Any])?["state"] as? String == "failed"
            )
        }
    }

    @Test func completionAfterTodayCountsOnlyPlannedSkips() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            // Daily Monday to Friday and weekly Tue/Thu, target 2, from Monday 2026-11-30.
            let daily = try server.createHabit(
                token: token, name: "Run", startDate: "2026-11-30", actionDays: "[1,2,3,4,5]",
                target: "2")
            let weekly = try server.createHabit(
                token: token, name: "Swim", frequency: "WEEKLY", startDate: "2026-11-30",
                actionDays: "[2,4]", target: "2")
            for (id, date, body) in [
                (daily, "2026-12-01", #"{"value": 2}"#),
                (daily, "2026-12-02", #"{"skipped": true}"#),
                (weekly, "2026-12-08", #"{"skipped": true}"#),
                (weekly, "2026-12-10", #"{"skipped": true}"#),
                (weekly, "2026-12-15", #"{"value": 5}"#),
            ] {
                let answer = try server.request(
                    "PUT", "/api/me/habits/\(id)/progress/\(date)/", body: body, token: token)
                #expect(answer.status == 200, "\(date)")
            }
            func state(_ id: Int, _ date: String, today: String) throws -> String? {
                let list = try server.request(
                    "GET", "/api/me/habits/?date=\(date)&today=\(today)", token: token
                ).list()
                let habit = list.first { ($0["id"] as? Int) == id }
                return (habit?["completion_data"] as? [String: Any])?["state"] as? String
            }
            // Today Monday 2026-11-30: a value ahead stays future, a skip ahead shows.
            #expect(try state(daily, "2026-12-01", today: "2026-11-30") == "future")
            #expect(try state(daily, "2026-12-02", today: "2026-11-30") == "skipped")
            #expect(try state(weekly, "2026-12-07", today: "2026-11-30") == "skipped")
            #expect(try state(weekly, "2026-12-14", today: "2026-11-30") == "future")
            // Once the days come, the value decides.
            #expect(try state(daily, "2026-12-01", today: "2026-12-01") == "done")
            #expect(try state(weekly, "2026-12-14", today: "2026-12-15") == "done")
        }
    }

    @Test func weeklyCompletionInTheLastWeekOfYear9999SumsItsEntries() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            // The week of Monday 9999-12-27 ends past 9999-12-31, the last date.
            let id = try server.createHabit(
                token: token, frequency: "WEEKLY", startDate: "9999-12-27", target: "5")
            for date in ["9999-12-28", "9999-12-31"] {
                _ = try server.request(
                    "PUT", "/api/me/habits/\(id)/progress/\(date)/", body: #"{"value": 2}"#,
                    token: token)
            }
            let list = try server.request(
                "GET", "/api/me/habits/?date=9999-12-29&today=9999-12-31", token: token
            ).list()
            let completion = try #require(list.first?["completion_data"] as? [String: Any])
            #expect(completion["current"] as? Double == 4)
            #expect(completion["state"] as? String == "pending")
        }
    }

    @Test func archivedHabitsGetCompletionDataToo() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            _ = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"status": "ARCHIVED"}"#, token: token)
            let list = try server.request(
                "GET", "/api/me/habits/?status=ARCHIVED&date=2026-11-30", token: token
            ).list()
            #expect(list.count == 1)
            #expect(list.first?["completion_data"] != nil)
        }
    }
}

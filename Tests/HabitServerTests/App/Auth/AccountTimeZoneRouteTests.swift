import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// `PATCH /api/me/` with `time_zone`, and the zone in `GET /api/me/`.
@Suite struct AccountTimeZoneRouteTests {
    @Test func anAccountReadsAsUTCUntilItSetsAZone() throws {
        try withAPIServer { server in
            let token = try server.signIn("zone@example.com").access
            let before = try server.request("GET", "/api/me/", token: token)
            #expect(before.status == 200)
            #expect(try before.object()["time_zone"] as? String == "UTC")
            let limits = try before.object()["limits"] as? [String: Any]
            #expect(limits?["active_habits"] as? Int == 15 && limits?["habits"] as? Int == 200)

            let set = try server.request(
                "PATCH", "/api/me/", body: #"{"time_zone": "Europe/Berlin"}"#, token: token)
            #expect(set.status == 200)
            #expect(try set.object()["time_zone"] as? String == "Europe/Berlin")
            #expect(try set.object()["email"] as? String == "zone@example.com")
            let after = try server.request("GET", "/api/me/", token: token).object()
            #expect(after["time_zone"] as? String == "Europe/Berlin")
        }
    }

    @Test(arguments: [
        #"{"time_zone": "Mars/Olympus_Mons"}"#, #"{"time_zone": "GMT+2"}"#,
        #"{"time_zone": "+02:00"}"#, #"{"time_zone": ""}"#, #"{"time_zone": "Europe/ Berlin"}"#,
        #"{"time_zone": 2}"#, #"{"time_zone": null}"#, "{}",
        #"{"time_zone": "\#(String(repeating: "A", count: 80))"}"#,
    ])
    func aNameFoundationDoesNotKnowIsRefusedNamingTheField(_ body: String) throws {
        try withAPIServer { server in
            let token = try server.signIn("zone@example.com").access
            let answer = try server.request("PATCH", "/api/me/", body: body, token: token)
            #expect(answer.status == 400, "\(answer)")
            #expect(answer.fields["time_zone"]?.isEmpty == false, "\(answer)")
            #expect(
                try server.request("GET", "/api/me/", token: token).object()["time_zone"]
                    as? String == "UTC")
        }
    }

    @Test func withoutASessionNothingChanges() throws {
        try withAPIServer { server in
            let answer = try server.request(
                "PATCH", "/api/me/", body: #"{"time_zone": "Europe/Berlin"}"#)
            #expect(answer.status == 401)
        }
    }

    @Test func theAccountAddressAnswersPATCHInItsAllowHeader() throws {
        try withAPIServer { server in
            let token = try server.signIn("zone@example.com").access
            let answer = try server.request("DELETE", "/api/me/", token: token)
            #expect(answer.status == 405)
            #expect(answer.headers["allow"] == "GET, HEAD, PATCH")
        }
    }
}

import Foundation
import HabitStorage
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// `/healthz` and `/readyz`: outside `/api/`, unauthenticated, and logged at
/// debug level only.
@Suite struct HealthRoutesTests {
    @Test func healthzAnswersWithoutATokenAndIsNeverCached() throws {
        try withAPIServer { server throws in
            let answer = try server.request("GET", "/healthz")
            #expect(answer.status == 200)
            #expect(try answer.object()["status"] as? String == "ok")
            #expect(answer.headers["cache-control"] == "no-store")
        }
    }

    @Test func readyzAnswersReadyWhileTheDatabaseAnswers() throws {
        try withAPIServer { server throws in
            let answer = try server.request("GET", "/readyz")
            #expect(answer.status == 200)
            #expect(try answer.object()["status"] as? String == "ready")
            #expect(try server.request("HEAD", "/readyz").status == 200)
        }
    }

    @Test func readyzAnswers503WithAReasonWhenTheDatabaseIsGone() throws {
        try withAPIServer { server throws in
            server.app.store.close()
            let answer = try server.request("GET", "/readyz")
            #expect(answer.status == 503)
            #expect(answer.headers["retry-after"] == "5")
            let object = try answer.object()
            #expect(object["status"] as? String == "not_ready")
            #expect(object["reason"] as? String == "the database does not answer")
            // The process still serves.
            #expect(try server.request("GET", "/healthz").status == 200)
        }
    }

    @Test func probesTakeOnlyGetAndHead() throws {
        try withAPIServer { server throws in
            let answer = try server.request("POST", "/healthz", body: "{}")
            #expect(answer.status == 405)
            #expect(answer.headers["allow"] == "GET, HEAD")
        }
    }

    @Test func probesAreLoggedAtDebugLevelOnly() throws {
        try withAPIServer { server throws in
            _ = try server.request("GET", "/healthz")
            _ = try server.request("GET", "/readyz")
            _ = try server.request("GET", "/api/me/")
            let probeLines = server.logs.all.filter {
                $0.contains("/healthz") || $0.contains("/readyz")
            }
            #expect(probeLines.count == 2)
            #expect(probeLines.allSatisfy { $0.hasPrefix("debug: ") })
            #expect(server.logs.all.contains { $0.hasPrefix("info: GET /api/me/ 401") })
        }
    }

    @Test func otherPathsOutsideTheAPIAreStill404() throws {
        try withAPIServer { server throws in
            #expect(try server.request("GET", "/healthz/extra").status == 404)
            #expect(try server.request("GET", "/metrics").status == 404)
        }
    }
}

/// The rule of `/readyz`, without a database.
@Suite struct ReadinessTests {
    @Test func aPassingProbeIsReady() {
        let readiness = Readiness(probe: .success(()))
        #expect(readiness.isReady)
        #expect(readiness.status == 200)
        #expect(readiness.reason == nil)
    }

    @Test func aLostDatabaseIsNotReadyAndSaysSoWithoutDetails() {
        let readiness = Readiness(
            probe: .failure(.unavailable(reason: "the connection to PostgreSQL was lost")))
        #expect(readiness.status == 503)
        #expect(readiness.reason == "the database does not answer")
        let failed = Readiness(
            probe: .failure(
                .postgres(state: "57P03", message: "the database system is starting up")))
        #expect(failed.reason == "the database does not answer")
    }

    @Test func aSchemaOtherThanThisBuildsIsNotReady() {
        let newer = Readiness(probe: .failure(.newerSchema(found: 9, supported: 6)))
        #expect(newer.status == 503)
        #expect(newer.reason == "the database schema is version 9, newer than this server's 6")
        let older = Readiness(
            probe: .failure(.unavailable(reason: "the database has schema version 5, not 6")))
        #expect(older.reason == "the database has schema version 5, not 6")
    }
}

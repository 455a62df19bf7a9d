import Foundation
import Testing

@testable import HabitClient
@testable import HabitCore

@Suite struct TokenRefresherTests {
    let now = Date(timeIntervalSince1970: 1_796_065_200)

    func session(accessExpiresIn seconds: TimeInterval, offset: TimeInterval = 0) -> StoredSession {
        StoredSession(
            server: "http://127.0.0.1:8000/api/", email: "ann@example.com",
            accessToken: UnsignedToken.access(expiringAt: now.addingTimeInterval(offset + seconds)),
            refreshToken: UnsignedToken.refresh(expiringAt: now.addingTimeInterval(604_800)),
            serverClock: ServerClock(offset: offset))
    }

    @Test func usesAFreshToken() {
        var machine = TokenRefresher<Int>()
        let fresh = session(accessExpiresIn: 120)
        guard
            case .useToken(let token) = machine.tokenNeeded(
                session: fresh, deviceNow: now, waiter: 1)
        else {
            Issue.record("expected the saved token")
            return
        }
        #expect(token == fresh.accessToken)
        #expect(!machine.isRefreshing)
    }

    @Test func failsWithoutASession() {
        var machine = TokenRefresher<Int>()
        guard case .fail(.signedOut) = machine.tokenNeeded(session: nil, deviceNow: now, waiter: 1)
        else {
            Issue.record("expected signed out")
            return
        }
        guard case .fail(.sessionExpired) = machine.tokenRejected("t", session: nil, waiter: 1)
        else {
            Issue.record("expected session expired")
            return
        }
    }

    @Test func anExpiredTokenStartsOneRefreshThatOthersWaitFor() {
        var machine = TokenRefresher<Int>()
        let stale = session(accessExpiresIn: 30)
        guard
            case .startRefresh(.expired(let token)) = machine.tokenNeeded(
                session: stale, deviceNow: now, waiter: 1)
        else {
            Issue.record("expected a refresh")
            return
        }
        #expect(token == stale.accessToken)
        for waiter in 2...20 {
            guard case .wait = machine.tokenNeeded(session: stale, deviceNow: now, waiter: waiter)
            else {
                Issue.record("caller \(waiter) should wait")
                return
            }
        }
        // A rejection during the refresh waits too.
        guard case .wait = machine.tokenRejected(stale.accessToken, session: stale, waiter: 21)
        else {
            Issue.record("a rejection should wait")
            return
        }
        #expect(machine.waiterCount == 21)

        let renewed = session(accessExpiresIn: 300)
        let resumed = machine.refreshFinished(.success(renewed))
        #expect(resumed.map(\.waiter) == Array(1...21))
        #expect(resumed.allSatisfy { (try? $0.outcome.get()) == renewed.accessToken })
        #expect(!machine.isRefreshing)
        #expect(machine.refreshFinished(.success(renewed)).isEmpty)
    }

    @Test func aFailedRefreshHandsEveryWaiterTheError() {
        var machine = TokenRefresher<Int>()
        let stale = session(accessExpiresIn: -10)
        _ = machine.tokenNeeded(session: stale, deviceNow: now, waiter: 1)
        _ = machine.tokenNeeded(session: stale, deviceNow: now, waiter: 2)
        let resumed = machine.refreshFinished(.failure(.unreachable(host: "127.0.0.1:8000")))
        #expect(resumed.count == 2)
        for (_, outcome) in resumed {
            #expect(throws: APIError.unreachable(host: "127.0.0.1:8000")) { try outcome.get() }
        }
        // The next caller starts again.
        guard case .startRefresh = machine.tokenNeeded(session: stale, deviceNow: now, waiter: 3)
        else {
            Issue.record("expected a new refresh")
            return
        }
    }

    @Test func aRejectedTokenIsReplacedByANewerOneWithoutRefreshing() {
        var machine = TokenRefresher<Int>()
        let current = session(accessExpiresIn: 300)
        guard
            case .useToken(let token) = machine.tokenRejected(
                "an-older-token", session: current, waiter: 1)
        else {
            Issue.record("expected the newer token")
            return
        }
        #expect(token == current.accessToken)
        guard
            case .startRefresh(.rejected(let rejected)) = machine.tokenRejected(
                current.accessToken, session: current, waiter: 2)
        else {
            Issue.record("expected a refresh")
            return
        }
        #expect(rejected == current.accessToken)
    }

    /// The token a refresh returns is handed out as is, even when by the
    /// device's reckoning it is already expired: no refresh loop.
    @Test func aRefreshedTokenIsNotJudgedAgain() {
        var machine = TokenRefresher<Int>()
        _ = machine.tokenNeeded(session: session(accessExpiresIn: 0), deviceNow: now, waiter: 1)
        let odd = session(accessExpiresIn: 5)
        let resumed = machine.refreshFinished(.success(odd))
        #expect((try? resumed.first?.outcome.get()) == odd.accessToken)
    }

    @Test func anUnreadableSavedTokenIsRefreshedNotSent() {
        var machine = TokenRefresher<Int>()
        var broken = session(accessExpiresIn: 300)
        broken.accessToken = "not-a-jwt"
        guard case .startRefresh = machine.tokenNeeded(session: broken, deviceNow: now, waiter: 1)
        else {
            Issue.record("expected a refresh")
            return
        }
    }

    @Test(arguments: [-7200.0, 7200.0])
    func judgesExpiryInServerTime(offset: TimeInterval) {
        var machine = TokenRefresher<Int>()
        // The server is `offset` ahead of the device; the token has 60 s left there.
        let fresh = session(accessExpiresIn: 60, offset: offset)
        guard case .useToken = machine.tokenNeeded(session: fresh, deviceNow: now, waiter: 1)
        else {
            Issue.record("a token with 60 s left is fresh")
            return
        }
        guard
            case .startRefresh = machine.tokenNeeded(
                session: fresh, deviceNow: now.addingTimeInterval(31), waiter: 2)
        else {
            Issue.record("a token with 29 s left is expired")
            return
        }
    }
}

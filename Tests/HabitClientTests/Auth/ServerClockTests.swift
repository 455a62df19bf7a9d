import Foundation
import Testing

@testable import HabitClient
@testable import HabitCore

@Suite struct ServerClockTests {
    let serverNow = Date(timeIntervalSince1970: 1_796_065_200)  // 2026-11-30T19:00:00Z

    @Test func offsetIsServerTimeMinusTheRequestMidpoint() {
        let sent = serverNow.addingTimeInterval(-7200)
        let received = sent.addingTimeInterval(4)
        let clock = ServerClock.measured(
            serverTime: serverNow, dateHeader: nil, issuedAt: nil, sentAt: sent,
            receivedAt: received)
        // Midpoint is sent + 2 s, so the server is 7198 s ahead.
        #expect(clock.offset == 7198)
    }

    @Test func prefersServerTimeThenDateHeaderThenIssuedAt() {
        let device = serverNow
        let header = "Mon, 30 Nov 2026 19:00:10 GMT"
        let issued = serverNow.addingTimeInterval(20)
        let fromBody = ServerClock.measured(
            serverTime: serverNow.addingTimeInterval(5), dateHeader: header, issuedAt: issued,
            sentAt: device, receivedAt: device)
        #expect(fromBody.offset == 5)
        let fromHeader = ServerClock.measured(
            serverTime: nil, dateHeader: header, issuedAt: issued, sentAt: device,
            receivedAt: device)
        #expect(fromHeader.offset == 10)
        let fromToken = ServerClock.measured(
            serverTime: nil, dateHeader: "yesterday", issuedAt: issued, sentAt: device,
            receivedAt: device)
        #expect(fromToken.offset == 20)
        let nothing = ServerClock.measured(
            serverTime: nil, dateHeader: nil, issuedAt: nil, sentAt: device, receivedAt: device)
        #expect(nothing.offset == 0)
    }

    @Test func expiredMeansExpiryAtOrBeforeServerNowPlusThirtySeconds() {
        let clock = ServerClock(offset: 100)
        let device = serverNow.addingTimeInterval(-100)
        #expect(clock.hasExpired(serverNow.addingTimeInterval(30), deviceNow: device))
        #expect(clock.hasExpired(serverNow.addingTimeInterval(29), deviceNow: device))
        #expect(!clock.hasExpired(serverNow.addingTimeInterval(31), deviceNow: device))
    }

    /// With the device clock two hours off either way, a token with 5 minutes
    /// left is fresh and one with 20 seconds left is expired, as on the server.
    @Test(arguments: [-7200.0, 7200.0, 0.0])
    func deviceClockErrorIsCancelledOut(deviceError: TimeInterval) {
        let device = serverNow.addingTimeInterval(deviceError)
        let clock = ServerClock.measured(
            serverTime: serverNow, dateHeader: nil, issuedAt: nil, sentAt: device,
            receivedAt: device.addingTimeInterval(0.2))
        let later = device.addingTimeInterval(60)
        #expect(!clock.hasExpired(serverNow.addingTimeInterval(300), deviceNow: later))
        #expect(clock.hasExpired(serverNow.addingTimeInterval(80), deviceNow: later))
        // Without the offset, the wrong clock would misjudge one of them.
        let naive = ServerClock(offset: 0)
        if deviceError > 0 {
            #expect(naive.hasExpired(serverNow.addingTimeInterval(300), deviceNow: later))
        } else if deviceError < 0 {
            #expect(!naive.hasExpired(serverNow.addingTimeInterval(80), deviceNow: later))
        }
    }

    @Test func marginIsAQuarterOfAShortLifetimeAndThirtySecondsAtMost() {
        let expiry = serverNow.addingTimeInterval(300)
        #expect(
            ServerClock.expiryMargin(issuedAt: expiry.addingTimeInterval(-8), expiry: expiry) == 2)
        #expect(
            ServerClock.expiryMargin(issuedAt: expiry.addingTimeInterval(-60), expiry: expiry) == 15
        )
        #expect(
            ServerClock.expiryMargin(issuedAt: expiry.addingTimeInterval(-120), expiry: expiry)
                == 30)
        #expect(
            ServerClock.expiryMargin(issuedAt: expiry.addingTimeInterval(-3600), expiry: expiry)
                == 30)
        #expect(ServerClock.expiryMargin(issuedAt: nil, expiry: expiry) == 30)
        #expect(ServerClock.expiryMargin(issuedAt: expiry, expiry: expiry) == 0)
    }

    /// An 8-second access token, read by a device whose clock is 2 hours off:
    /// just issued, it is used as it is (a 30-second margin would refresh it
    /// before every request); 6.5 seconds later (inside its 2-second margin)
    /// it counts as expired, so it is never sent expired.
    @Test(arguments: [-7200.0, 7200.0])
    func shortLivedTokenIsUsedUntilItsMargin(deviceError: TimeInterval) {
        let device = serverNow.addingTimeInterval(deviceError)
        let token = UnsignedToken.access(
            expiringAt: serverNow.addingTimeInterval(8), lifetime: 8)
        let clock = ServerClock.measured(
            serverTime: serverNow, dateHeader: nil, issuedAt: nil, sentAt: device,
            receivedAt: device)
        let session = StoredSession(
            server: "http://127.0.0.1:8000/api/", email: "a@example.com", accessToken: token,
            refreshToken: "r", serverClock: clock)
        #expect(!session.accessTokenHasExpired(deviceNow: device))
        #expect(!session.accessTokenHasExpired(deviceNow: device.addingTimeInterval(5.9)))
        #expect(session.accessTokenHasExpired(deviceNow: device.addingTimeInterval(6.5)))
        #expect(session.accessTokenHasExpired(deviceNow: device.addingTimeInterval(9)))
        // Without the measured offset the wrong clock misjudges it one way or the other.
        let naive = StoredSession(
            server: session.server, email: session.email, accessToken: token, refreshToken: "r",
            serverClock: ServerClock(offset: 0))
        #expect(naive.accessTokenHasExpired(deviceNow: device) == (deviceError > 0))
    }

    @Test func convertsBetweenDeviceAndServerTime() {
        let clock = ServerClock(offset: -3600)
        #expect(clock.serverTime(atDeviceTime: serverNow) == serverNow.addingTimeInterval(-3600))
        #expect(clock.deviceTime(atServerTime: serverNow) == serverNow.addingTimeInterval(3600))
    }

    @Test func readsIMFFixdateOnly() {
        #expect(HTTPDate.date(from: "Mon, 30 Nov 2026 19:00:00 GMT") == serverNow)
        #expect(
            HTTPDate.date(from: "Sun, 06 Nov 1994 08:49:37 GMT")?.timeIntervalSince1970
                == 784_111_777)
        #expect(HTTPDate.date(from: "Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.date(from: "2026-11-30T19:00:00Z") == nil)
        #expect(HTTPDate.date(from: "") == nil)
        #expect(HTTPDate.date(from: "Mon, 31 Feb 2026 19:00:00 GMT") == nil)
    }
}

import Foundation
import Testing

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

import Foundation
import Testing

@testable import HabitClient
@testable import HabitCore

@Suite struct SalvagedSessionTests {
    static let refresh = UnsignedToken.refresh(
        expiringAt: Date(timeIntervalSince1970: 1_900_000_000))

    @Test func readsCredentialsThatParse() throws {
        let session = StoredSession(
            server: "https://habits.example.com/api/", email: "a@example.com", accessToken: "a",
            refreshToken: Self.refresh, serverClock: ServerClock(offset: 0))
        let data = try JSONEncoder().encode(StoredCredentials(session: session))
        #expect(
            SalvagedSession.read(data)
                == SalvagedSession(
                    server: "https://habits.example.com/api/", refreshToken: Self.refresh))
    }

    @Test func findsTheTokenInWhatIsLeftOfADamagedFile() {
        let text =
            #"{"session":{"refresh":"\#(Self.refresh)","server":"https:\/\/h.example\/api\/","acc"#
        #expect(
            SalvagedSession.read(Data(text.utf8))
                == SalvagedSession(server: "https://h.example/api/", refreshToken: Self.refresh))
        let noServer = #"{"session":{"refresh":"\#(Self.refresh)","ser"#
        #expect(
            SalvagedSession.read(Data(noServer.utf8))
                == SalvagedSession(server: nil, refreshToken: Self.refresh))
    }

    @Test func nothingToRevokeIsNil() {
        #expect(SalvagedSession.read(Data("{\"session\": ".utf8)) == nil)
        #expect(SalvagedSession.read(Data(#"{"version":1}"#.utf8)) == nil)
        #expect(SalvagedSession.read(Data([0xFF, 0x00])) == nil)
    }
}

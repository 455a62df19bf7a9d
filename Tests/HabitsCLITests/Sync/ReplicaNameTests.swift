import Foundation
import HabitClient
import Testing

@testable import HabitsCLI

/// The replica's file name: hashed from the server and the account once,
/// then read back from beside the session, so a command need not load
/// libcrypto to find its replica.
@Suite struct ReplicaNameTests {
    static func file() -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("replica-name-\(UUID().uuidString).json").path
    }

    static let server = "http://127.0.0.1:8080/api/"

    @Test func theNameIsTheHashOfServerAndAccountAndIsKept() throws {
        let path = Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let digest = try #require(
            SHA256Digest.hex(Data("\(Self.server)\ndee@example.com".utf8)))
        let name = ReplicaName(path: path).name(server: Self.server, account: "dee@example.com")
        #expect(name == "replica-\(digest.prefix(32)).sqlite3")
        #expect(FileManager.default.fileExists(atPath: path))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aKeptNameIsReadBackWithoutHashingAgain() throws {
        let path = Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A kept name that is not the hash: only reading it back gives it.
        let kept = "replica-" + String(repeating: "0", count: 32) + ".sqlite3"
        try Data(
            #"{"server":"\#(Self.server)","account":"dee@example.com","name":"\#(kept)"}"#.utf8
        ).write(to: URL(fileURLWithPath: path))
        let names = ReplicaName(path: path)
        #expect(names.name(server: Self.server, account: "dee@example.com") == kept)
        // Another account or server is hashed (and kept) anew.
        let other = names.name(server: Self.server, account: "eve@example.com")
        #expect(other == ReplicaName.hashed(server: Self.server, account: "eve@example.com"))
        #expect(other != kept)
        #expect(names.name(server: Self.server, account: "eve@example.com") == other)
    }

    @Test(arguments: [
        "../../escape.sqlite3", "replica-../x.sqlite3", "replica-abc.sqlite3",
        "replica-" + String(repeating: "G", count: 32) + ".sqlite3", "",
    ])
    func aKeptNameOfAnotherShapeIsNeverUsed(_ bad: String) throws {
        let path = Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = String(
            data: try JSONEncoder().encode([
                "server": Self.server, "account": "dee@example.com", "name": bad,
            ]), encoding: .utf8)!
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        #expect(
            ReplicaName(path: path).name(server: Self.server, account: "dee@example.com")
                == ReplicaName.hashed(server: Self.server, account: "dee@example.com"))
    }

    @Test func aFileThatDoesNotParseIsReplaced() throws {
        let path = Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
        let name = ReplicaName(path: path).name(server: Self.server, account: "dee@example.com")
        #expect(name == ReplicaName.hashed(server: Self.server, account: "dee@example.com"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("dee@example.com"))
    }
}

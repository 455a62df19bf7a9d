import Foundation
import HabitConcurrency
import TestSupport
import Testing

@testable import HabitClient
@testable import HabitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct FileTokenStoreTests {
    static func sampleSession(_ suffix: String = "") -> StoredSession {
        let now = Date(timeIntervalSince1970: 1_796_065_200)
        return StoredSession(
            server: "http://127.0.0.1:8000/api/", email: "ann\(suffix)@example.com",
            accessToken: UnsignedToken.access(expiringAt: now.addingTimeInterval(300)),
            refreshToken: UnsignedToken.refresh(expiringAt: now.addingTimeInterval(604_800)),
            serverClock: ServerClock(offset: -7200.25))
    }

    @Test func nothingSavedLoadsEmpty() throws {
        let temp = try TemporaryDirectory()
        let store = FileTokenStore(directory: temp.appending("habits"))
        #expect(try store.load() == .empty)
        try store.clear()
    }

    @Test func savesAndLoadsWithOwnerOnlyPermissions() throws {
        let temp = try TemporaryDirectory()
        let directory = temp.appending("config/habits")
        let store = FileTokenStore(directory: directory)
        let credentials = StoredCredentials(
            pendingEmail: "bob@example.com", session: Self.sampleSession())
        try store.save(credentials)
        #expect(try store.load() == credentials)
        #expect(TemporaryDirectory.mode(of: directory) == 0o700)
        #expect(TemporaryDirectory.mode(of: temp.appending("config")) == 0o700)
        #expect(TemporaryDirectory.mode(of: store.credentialsPath) == 0o600)
        #expect(store.locationDescription == "file \(directory)/credentials.json")
        // No temporary file is left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(names == ["credentials.json"])
    }

    @Test func permissionsIgnoreTheUmask() throws {
        let temp = try TemporaryDirectory()
        let store = FileTokenStore(directory: temp.appending("habits"))
        let previous = umask(0o277)
        defer { umask(previous) }
        try store.save(StoredCredentials(pendingEmail: "a@example.com"))
        #expect(TemporaryDirectory.mode(of: store.credentialsPath) == 0o600)
        #expect(TemporaryDirectory.mode(of: store.directory) == 0o700)
    }

    @Test func clearRemovesTheFile() throws {
        let temp = try TemporaryDirectory()
        let store = FileTokenStore(directory: temp.path)
        try store.save(StoredCredentials(session: Self.sampleSession()))
        try store.clear()
        #expect(!FileManager.default.fileExists(atPath: store.credentialsPath))
        #expect(try store.load() == .empty)
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o660, 0o606])
    func refusesAFileOthersCanRead(mode: Int) throws {
        let temp = try TemporaryDirectory()
        let store = FileTokenStore(directory: temp.path)
        try store.save(StoredCredentials(session: Self.sampleSession()))
        let before = try Data(contentsOf: URL(fileURLWithPath: store.credentialsPath))
        #expect(chmod(store.credentialsPath, mode_t(mode)) == 0)
        do {
            _ = try store.load()
            Issue.record("a \(String(mode, radix: 8)) file was used")
        } catch {
            #expect(error == .insecureFile(path: store.credentialsPath, mode: UInt16(mode)))
        }
        // Neither used nor deleted nor changed.
        let after = try Data(contentsOf: URL(fileURLWithPath: store.credentialsPath))
        #expect(after == before)
        #expect(TemporaryDirectory.mode(of: store.credentialsPath) == UInt16(mode))
    }

    @Test(arguments: [
        ("", CredentialsDamage.empty), ("{", .notJSON), ("not json", .notJSON),
        ("[]", .notCredentials), (#"{"version":1,"session":{"server":"x"}}"#, .notCredentials),
        (#"{"version":2}"#, .notCredentials), (#"{"session":null}"#, .notCredentials),
        ("{}", .notCredentials), ("\u{0}\u{0}\u{0}", .notJSON),
        (
            #"{"version":1,"session":{"server":"s","email":"e","access":"a","refresh":"r","clock_offset":"soon"}}"#,
            .notCredentials
        ),
    ])
    func reportsACorruptFileWithoutDeletingIt(contents: String, damage: CredentialsDamage) throws {
        let temp = try TemporaryDirectory()
        let store = FileTokenStore(directory: temp.path)
        let path = store.credentialsPath
        #expect(
            FileManager.default.createFile(
                atPath: path, contents: Data(contents.utf8), attributes: [.posixPermissions: 0o600])
        )
        #expect(throws: TokenStoreError.corrupt(path: path, damage: damage)) { try store.load() }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contents.utf8))
    }

    @Test func refusesASymbolicLink() throws {
        let temp = try TemporaryDirectory()
        let store = FileTokenStore(directory: temp.path)
        let target = temp.appending("elsewhere.json")
        #expect(
            FileManager.default.createFile(
                atPath: target, contents: Data("{}".utf8), attributes: [.posixPermissions: 0o600]))
        #expect(symlink(target, store.credentialsPath) == 0)
        #expect(throws: TokenStoreError.notRegularFile(path: store.credentialsPath)) {
            try store.load()
        }
    }

    @Test func refusesADirectoryOthersCanWrite() throws {
        let temp = try TemporaryDirectory()
        let store = FileTokenStore(directory: temp.appending("habits"))
        try store.save(StoredCredentials(pendingEmail: "a@example.com"))
        #expect(chmod(store.directory, 0o777) == 0)
        #expect(throws: TokenStoreError.insecureDirectory(path: store.directory, mode: 0o777)) {
            try store.load()
        }
        #expect(throws: TokenStoreError.insecureDirectory(path: store.directory, mode: 0o777)) {
            try store.save(.empty)
        }
    }

    /// Readers racing a writer see the old credentials or the new ones, never
    /// a mix or a half-written file.
    @Test func writesAreAtomic() async throws {
        let temp = try TemporaryDirectory()
        let store = FileTokenStore(directory: temp.path)
        let versions = (0..<20).map {
            StoredCredentials(
                pendingEmail: "v\($0)@example.com", session: Self.sampleSession("\($0)"))
        }
        try store.save(versions[0])
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for version in versions.dropFirst() { try store.save(version) }
            }
            for _ in 0..<2 {
                group.addTask {
                    for _ in 0..<200 {
                        let loaded = try store.load()
                        #expect(versions.contains(loaded))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try store.load() == versions.last)
    }

    /// Several stores on one directory (as separate processes would have)
    /// exclude each other: read-modify-write increments under the lock lose
    /// nothing and never overlap.
    @Test func theLockExcludesOtherStoresOnTheSameDirectory() async throws {
        let temp = try TemporaryDirectory()
        let stores = (0..<4).map { _ in FileTokenStore(directory: temp.appending("habits")) }
        try stores[0].save(StoredCredentials(pendingEmail: "0"))
        let inside = SharedCounter()
        let overlaps = SharedCounter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for store in stores {
                group.addTask {
                    for _ in 0..<10 {
                        try await store.withExclusiveLock { () async throws(APIError) in
                            if inside.add(1) > 1 { overlaps.add(1) }
                            do throws(TokenStoreError) {
                                var credentials = try store.load()
                                let count = Int(credentials.pendingEmail ?? "") ?? -1000
                                // Yield between read and write, so an unlocked
                                // interleaving would lose an update.
                                await Task.yield()
                                credentials.pendingEmail = String(count + 1)
                                try store.save(credentials)
                            } catch {
                                throw .storage(error)
                            }
                            inside.add(-1)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try stores[0].load().pendingEmail == "40")
        #expect(overlaps.value == 0)
        #expect(TemporaryDirectory.mode(of: stores[0].lockPath) == 0o600)
    }

    /// A holder blocked on the lock does not tie up the thread it runs on:
    /// six holders share one thread, each suspending while it holds the lock,
    /// and all still finish (a wait that blocked the thread would deadlock).
    @Test(.timeLimit(.minutes(1)))
    func waitingForTheLockDoesNotStarveTheHolder() async throws {
        let temp = try TemporaryDirectory()
        let executor = OneThreadExecutor()
        let count = 6
        let finished = SharedCounter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<count {
                group.addTask(executorPreference: executor) {
                    let store = FileTokenStore(directory: temp.path)
                    try await store.withExclusiveLock { () async throws(APIError) in
                        // Suspends while holding the lock, needing the thread to resume.
                        await Task.yield()
                        finished.add(1)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(finished.value == count)
    }

    @Test func descriptionsNeverShowTokens() {
        let session = Self.sampleSession()
        let credentials = StoredCredentials(pendingEmail: "b@example.com", session: session)
        for text in [
            String(describing: session), String(reflecting: session),
            String(describing: credentials), String(reflecting: credentials),
        ] {
            #expect(!text.contains(session.accessToken))
            #expect(!text.contains(session.refreshToken))
        }
        var dumped = ""
        dump(credentials, to: &dumped)
        #expect(!dumped.contains(session.accessToken))
        #expect(!dumped.contains(session.refreshToken))
    }
}

/// A counter tasks share.
final class SharedCounter: Sendable {
    private let count = Locked(0)

    /// Adds `amount` and returns the new value.
    @discardableResult
    func add(_ amount: Int) -> Int {
        count.withLock { count in
            count += amount
            return count
        }
    }

    var value: Int { count.withLock { $0 } }
}

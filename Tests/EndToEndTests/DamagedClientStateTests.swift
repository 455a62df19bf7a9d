import Foundation
import HabitConcurrency
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Server mode with changes waiting on this device while the client's own
/// files are damaged: the saved sign-in (emptied, garbled, `{}`, a
/// directory, unreadable), the replica (cut to 0 bytes) or a change in its
/// outbox (not JSON). Each is named as what it is, the waiting changes are
/// never reported gone or sent, and `logout` keeps them.
@Suite struct DamagedClientStateTests {
    typealias Device = SyncTests.Device

    /// A device with one change waiting (made while offline, then back
    /// online), and another device signed in as the same account (whose
    /// session the first copies to sign in again: a second code for one
    /// address would wait for the resend limit).
    static func waitingChange() async throws -> (
        server: ServerProcess, phone: Device, laptop: Device, root: TemporaryDirectory
    ) {
        let root = try TemporaryDirectory(prefix: "habits-damaged-client")
        let server = try await ServerProcess(directory: root.url)
        let laptop = try Device(server: server)
        let phone = try Device(server: server)
        try await laptop.signIn(server, as: "dana@example.com")
        try phone.signIn(copying: laptop)
        try await SyncTests.add(phone, "Read")
        phone.offline.withLock { $0 = true }
        let done = try await phone.habits("done", "Read", "3")
        try #require(done.status == 0, "\(done)")
        phone.offline.withLock { $0 = false }
        return (server, phone, laptop, root)
    }

    static func credentials(_ device: Device) -> URL {
        device.sandbox.configHome.appendingPathComponent("habits/credentials.json")
    }

    static func replicaName(_ device: Device) -> URL {
        device.sandbox.configHome.appendingPathComponent("habits/replica-name.json")
    }

    /// A damage to the saved sign-in, and the sentence that names it.
    static let damages: [(name: String, sentence: String)] = [
        ("emptied", "is damaged (it is empty)."),
        ("garbled", "is damaged (it is not JSON)."),
        ("{}", "is damaged (it holds no sign-in this version of habits reads)."),
        ("a directory", "is damaged (it is a directory, a link or another special file)."),
    ]

    static func damage(_ file: URL, _ name: String) throws {
        switch name {
        case "emptied": try Data().write(to: file)
        case "garbled": try Data("{\"version\": 1, \"sess\u{1}".utf8).write(to: file)
        case "{}": try Data("{}".utf8).write(to: file)
        case "a directory":
            try FileManager.default.removeItem(at: file)
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        default: Issue.record("unknown damage \(name)")
        }
    }

    @Test(arguments: damages.indices)
    func aDamagedSignInIsNamedAndTheWaitingChangeIsKeptThroughLogout(_ index: Int) async throws {
        let (server, phone, laptop, root) = try await Self.waitingChange()
        defer {
            phone.remove()
            laptop.remove()
            _ = root
        }
        let damage = Self.damages[index]
        let file = Self.credentials(phone)
        try Self.damage(file, damage.name)
        let sentence = "habits: The saved sign-in at \(file.path) \(damage.sentence)"
        let kept =
            "The 1 change made on this device and not sent yet is kept, and sent once you are "
            + "signed in again as the same account."

        let sync = try await phone.habits("sync")
        #expect(sync.status == 1, "\(sync)")
        #expect(sync.error.hasPrefix(sentence), "\(sync)")
        #expect(sync.error.contains(kept), "\(sync)")
        #expect(!sync.error.contains("change feed"), "\(sync)")
        #expect(sync.output.isEmpty, "\(sync)")

        let prompt = try await phone.habits("prompt", "-v")
        #expect(prompt.status == 1, "\(prompt)")
        #expect(prompt.error.hasPrefix(sentence), "\(prompt)")
        #expect(!prompt.error.contains("No habit list"), "\(prompt)")

        let list = try await phone.habits("list")
        #expect(list.status == 1, "\(list)")
        #expect(list.error.hasPrefix(sentence), "\(list)")
        #expect(list.error.contains(kept), "\(list)")

        let logout = try await phone.habits("logout")
        if damage.name == "a directory" {
            // unlink cannot remove it: said, and nothing changed.
            #expect(logout.status == 1, "\(logout)")
            #expect(logout.error.hasPrefix(sentence), "\(logout)")
            #expect(logout.error.contains("Remove it yourself"), "\(logout)")
            #expect(logout.error.contains(kept), "\(logout)")
            try FileManager.default.removeItem(at: file)
        } else {
            #expect(logout.status == 0, "\(logout)")
            #expect(
                logout.output.hasPrefix(
                    "Removed the saved sign-in at \(file.path), which could not be used ("),
                "\(logout)")
            #expect(!logout.output.contains("You were not signed in"), "\(logout)")
            #expect(logout.output.contains(kept), "\(logout)")
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
        // The copy and its name stay while the change waits.
        #expect(phone.replicas().count == 1, "\(phone.replicas())")
        #expect(FileManager.default.fileExists(atPath: Self.replicaName(phone).path))

        // Signed out with the change waiting: said so, never "no change feed".
        let signedOut = try await phone.habits("sync")
        #expect(signedOut.status == 77, "\(signedOut)")
        #expect(signedOut.error.hasPrefix("habits: You are not signed in."), "\(signedOut)")
        #expect(signedOut.error.contains(kept), "\(signedOut)")

        // Signing in again as the same account sends it.
        try phone.signIn(copying: laptop)
        let again = try await phone.habits("sync")
        #expect(again.status == 0, "\(again)")
        #expect(again.output.hasPrefix("Synced: sent 1 change"), "\(again)")
        let seen = try await laptop.habits("list")
        #expect(seen.output.contains("3/10 times"), "\(seen)")
        await server.stop()
    }

    /// As root (CI) every file is readable, so this runs only as a user.
    @Test(.enabled(if: getuid() != 0, "root reads a file of mode 000"))
    func anUnreadableSignInIsNamedWithTheSystemsReason() async throws {
        let (server, phone, laptop, root) = try await Self.waitingChange()
        defer {
            phone.remove()
            laptop.remove()
            _ = root
        }
        let file = Self.credentials(phone)
        #expect(chmod(file.path, 0) == 0)
        let sync = try await phone.habits("sync")
        #expect(sync.status == 1, "\(sync)")
        #expect(
            sync.error.hasPrefix(
                "habits: Cannot read the saved sign-in at \(file.path) (Permission denied)."),
            "\(sync)")
        #expect(sync.error.contains("not sent yet is kept"), "\(sync)")
        let logout = try await phone.habits("logout")
        #expect(logout.status == 0, "\(logout)")
        #expect(logout.output.contains("not sent yet is kept"), "\(logout)")
        #expect(phone.replicas().count == 1)
        await server.stop()
    }

    /// Logout with the sign-in damaged and --discard-pending: the copy goes
    /// too (no replica left behind without its name).
    @Test func logoutDiscardingRemovesTheCopyWhoseSignInIsDamaged() async throws {
        let (server, phone, laptop, root) = try await Self.waitingChange()
        defer {
            phone.remove()
            laptop.remove()
            _ = root
        }
        try Data().write(to: Self.credentials(phone))
        let logout = try await phone.habits("logout", "--discard-pending")
        #expect(logout.status == 0, "\(logout)")
        #expect(!logout.output.contains("kept"), "\(logout)")
        #expect(phone.replicas().isEmpty, "\(phone.replicas())")
        #expect(!FileManager.default.fileExists(atPath: Self.replicaName(phone).path))
        await server.stop()
    }

    /// With the sign-in damaged and the copy cut short too, what waited is
    /// not known: logout says so and removes neither (unless told to drop).
    @Test func logoutDoesNotTakeACopyThatCannotBeReadForOneWithNothingWaiting() async throws {
        let (server, phone, laptop, root) = try await Self.waitingChange()
        defer {
            phone.remove()
            laptop.remove()
            _ = root
        }
        try Data().write(to: Self.credentials(phone))
        let replica = try #require(phone.replicas().first)
        let path = phone.sandbox.dataHome.appendingPathComponent("habits/\(replica)").path
        #expect(truncate(path, 0) == 0)
        let logout = try await phone.habits("logout")
        #expect(logout.status == 1, "\(logout)")
        #expect(
            logout.error.hasPrefix("habits: This device's copy of the account, \(path), is empty"),
            "\(logout)")
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(FileManager.default.fileExists(atPath: Self.replicaName(phone).path))
        let drop = try await phone.habits("logout", "--discard-pending")
        #expect(drop.status == 0, "\(drop)")
        #expect(phone.replicas().isEmpty, "\(phone.replicas())")
        await server.stop()
    }

    @Test func aReplicaCutToNothingIsNotTakenForANewOne() async throws {
        let (server, phone, laptop, root) = try await Self.waitingChange()
        defer {
            phone.remove()
            laptop.remove()
            _ = root
        }
        let replica = try #require(phone.replicas().first)
        let path = phone.sandbox.dataHome.appendingPathComponent("habits/\(replica)").path
        #expect(truncate(path, 0) == 0)
        for command in [["status"], ["sync"], ["list"], ["done", "Read"], ["prompt", "-v"]] {
            let run = try await phone.sandbox.habits(command)
            #expect(run.status == 1, "\(command): \(run)")
            #expect(
                run.error.contains(
                    "This device's copy of the account, \(path), is empty: the file was cut "
                        + "short, and any changes that waited in it to be sent are lost."),
                "\(command): \(run)")
            #expect(!run.output.contains("Waiting:      none"), "\(command): \(run)")
        }
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(size == 0)
        // The way out the hint gives: delete it, and the account comes back.
        try FileManager.default.removeItem(atPath: path)
        let list = try await phone.habits("list")
        #expect(list.status == 0, "\(list)")
        #expect(list.output.contains("Read"), "\(list)")
        await server.stop()
    }

    @Test func aWaitingChangeThatDoesNotReadIsNeverCountedAsSent() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs sqlite3")
        let (server, phone, laptop, root) = try await Self.waitingChange()
        defer {
            phone.remove()
            laptop.remove()
            _ = root
        }
        let replica = try #require(phone.replicas().first)
        let path = phone.sandbox.dataHome.appendingPathComponent("habits/\(replica)").path
        let tamper = try await Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/sqlite3"), [path],
            environment: phone.sandbox.environment,
            input: "UPDATE sync_outbox SET payload = 'not json';", scratch: phone.sandbox.root)
        try #require(tamper.status == 0, "\(tamper)")

        let sync = try await phone.habits("sync")
        #expect(sync.status == 1, "\(sync)")
        #expect(sync.output.hasPrefix("Synced: sent 0 changes"), "\(sync)")
        #expect(
            sync.error.hasPrefix(
                "habits: 1 change waiting on this device cannot be read (damaged, or saved by a "
                    + "newer version of habits), so it was not sent."), "\(sync)")
        #expect(sync.error.contains("'habits sync --discard-rejected'"), "\(sync)")
        let json = try await phone.habits("sync", "--json")
        #expect(json.status == 1, "\(json)")
        let object =
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(object?["pending"] as? Int == 1, "\(json)")
        let status = try await phone.habits("status")
        #expect(status.output.contains("Waiting:      1 change waiting since"), "\(status)")
        // Never sent: the other device does not see it.
        #expect(!(try await laptop.habits("list")).output.contains("3/10"))

        let drop = try await phone.habits("sync", "--discard-rejected")
        #expect(drop.status == 0, "\(drop)")
        #expect(drop.output == "Dropped 1 refused change.\n", "\(drop)")
        let clean = try await phone.habits("sync")
        #expect(clean.status == 0, "\(clean)")
        await server.stop()
    }
}

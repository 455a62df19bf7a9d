import Foundation
import HabitClient
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

/// Server mode with a replica, with the built binaries: a `habits-server`
/// behind a proxy each test can cut (the connection reset before anything
/// reaches the server), so a device goes offline and comes back on the
/// same URL.
@Suite struct SyncTests {
    /// A device: its own HOME, talking to the server through its own proxy.
    struct Device {
        let sandbox: Sandbox
        let proxy: FaultProxy
        let offline: Locked<Bool>

        /// `seeing`, when given, sees each request before it is forwarded,
        /// on the proxy's thread (and may hold it there).
        init(
            server: ServerProcess, hidingFeed: Bool = false,
            seeing: (@Sendable (FaultProxy.Request) -> Void)? = nil
        ) throws {
            sandbox = try Sandbox()
            let offline = Locked(false)
            self.offline = offline
            proxy = try FaultProxy(upstreamPort: server.port) { request in
                seeing?(request)
                if offline.withLock({ $0 }) { return .resetWithoutForwarding }
                if hidingFeed && request.target.hasPrefix("/api/me/changes/") {
                    return .answer(
                        status: 404, body: #"{"code": "not_found", "message": "Not found."}"#)
                }
                return .forward
            }
        }

        func habits(_ arguments: String...) async throws -> ProcessResult {
            try await sandbox.habits(arguments)
        }

        func signIn(_ server: ServerProcess, as address: String) async throws {
            try #require(try await habits("config", "set", "server", proxy.url).status == 0)
            try #require(try await habits("auth", "email", address).status == 0)
            let verify = try await habits("verify", try server.code(for: address))
            try #require(verify.status == 0, "\(verify)")
        }

        /// The same account as `other`, its session copied (a second code
        /// for one address would wait for the resend limit), saved for this
        /// device's own proxy URL.
        func signIn(copying other: Device) throws {
            try signIn(copyingFrom: other.sandbox)
        }

        /// The same account as the device in `other`'s HOME.
        func signIn(copyingFrom other: Sandbox) throws {
            let source = other.configHome.appendingPathComponent("habits/credentials.json")
            var credentials = try JSONDecoder().decode(
                StoredCredentials.self, from: Data(contentsOf: source))
            credentials.session?.server = proxy.url
            let directory = sandbox.configHome.appendingPathComponent("habits")
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            let file = directory.appendingPathComponent("credentials.json")
            try JSONEncoder().encode(credentials).write(to: file)
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o600], ofItemAtPath: file.path)
            try JSONSerialization.data(withJSONObject: ["server": proxy.url]).write(
                to: directory.appendingPathComponent("config.json"))
        }

        func remove() {
            proxy.stop()
            sandbox.remove()
        }

        /// The replica files in the data directory.
        func replicas() -> [String] {
            let directory = sandbox.dataHome.appendingPathComponent("habits")
            return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
                .filter { $0.hasPrefix("replica-") && $0.hasSuffix(".sqlite3") }
        }
    }

    static func add(_ device: Device, _ name: String) async throws {
        let add = try await device.habits(
            "add", name, "--daily", "--unit", "times", "--target", "10", "--days", "daily",
            "--start", "2026-01-01")
        try #require(add.status == 0, "\(add)")
    }

    static var today: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }

    @Test func anOfflineChangeSucceedsWaitsAndReachesTheServerLater() async throws {
        let root = try TemporaryDirectory(prefix: "habits-sync-e2e")
        let server = try await ServerProcess(directory: root.url)
        let phone = try Device(server: server)
        let laptop = try Device(server: server)
        defer {
            phone.remove()
            laptop.remove()
        }
        try await phone.signIn(server, as: "dee@example.com")
        try laptop.signIn(copying: phone)
        try await Self.add(phone, "Read")
        #expect(phone.replicas().count == 1)
        let mode =
            try FileManager.default.attributesOfItem(
                atPath: phone.sandbox.dataHome.appendingPathComponent(
                    "habits/\(phone.replicas()[0])"
                ).path
            )[.posixPermissions] as? Int
        #expect(mode == 0o600)

        phone.offline.withLock { $0 = true }
        let done = try await phone.habits("done", "Read", "3")
        #expect(done.status == 0, "\(done)")
        #expect(done.output.hasPrefix("Read: 3/10 times"), "\(done)")
        #expect(
            done.error.components(
                separatedBy: "Saved on this device; it will be sent at the next sync."
            )
            .count == 2, "\(done)")
        let list = try await phone.habits("list", "--json")
        #expect(list.status == 0, "\(list)")
        #expect(list.error.contains("showing this device's copy"), "\(list)")
        let object =
            try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [String: Any]
        #expect(object?["synced_at"] is String, "\(list)")
        let status = try await phone.habits("status")
        #expect(status.output.contains("Waiting:      1 change waiting since"), "\(status)")
        let logout = try await phone.habits("logout")
        #expect(logout.status == 1, "\(logout)")
        #expect(
            logout.error.contains("1 change made on this device has not reached the server yet"))
        #expect(logout.error.contains("habits logout --discard-pending"))

        phone.offline.withLock { $0 = false }
        let sync = try await phone.habits("sync")
        #expect(sync.status == 0, "\(sync)")
        #expect(sync.output.hasPrefix("Synced: sent 1 change, received"), "\(sync)")
        let show = try await laptop.habits("list")
        #expect(show.output.contains("3/10 times"), "\(show)")
        let bye = try await phone.habits("logout")
        #expect(bye.status == 0, "\(bye)")
        #expect(phone.replicas().isEmpty, "logout left the replica behind")
        await server.stop()
    }

    @Test func aQueuedChangeThatReplacedAnotherDevicesValueIsTold() async throws {
        let root = try TemporaryDirectory(prefix: "habits-sync-e2e")
        let server = try await ServerProcess(directory: root.url)
        let phone = try Device(server: server)
        let laptop = try Device(server: server)
        defer {
            phone.remove()
            laptop.remove()
        }
        try await phone.signIn(server, as: "eve@example.com")
        try laptop.signIn(copying: phone)
        try await Self.add(phone, "Run")
        #expect(try await laptop.habits("list").status == 0)
        phone.offline.withLock { $0 = true }
        #expect(try await phone.habits("set", "Run", "2").status == 0)
        #expect(try await laptop.habits("set", "Run", "5").status == 0)
        phone.offline.withLock { $0 = false }
        let sync = try await phone.habits("sync")
        #expect(sync.status == 0, "\(sync)")
        #expect(
            sync.error.contains(
                "habits: Run, \(Self.today): this device's change (set \(Self.today) to 2) replaced 5, "
                    + "written on another device since this one last synced."), "\(sync)")
        let laptopList = try await laptop.habits("list")
        #expect(laptopList.output.contains("2/10 times"), "\(laptopList)")
        await server.stop()
    }

    @Test func aHabitCreatedOfflineOverTheLimitIsRejectedAndListed() async throws {
        let root = try TemporaryDirectory(prefix: "habits-sync-e2e")
        let server = try await ServerProcess(directory: root.url)
        let phone = try Device(server: server)
        let laptop = try Device(server: server)
        defer {
            phone.remove()
            laptop.remove()
        }
        try await phone.signIn(server, as: "fay@example.com")
        try laptop.signIn(copying: phone)
        for index in 1...14 { try await Self.add(laptop, "Habit \(index)") }
        #expect(try await phone.habits("list").status == 0)
        phone.offline.withLock { $0 = true }
        let offline = try await phone.habits(
            "add", "Extra", "--daily", "--unit", "times", "--target", "1", "--days", "daily",
            "--start", "2026-01-01")
        #expect(offline.status == 0, "\(offline)")
        #expect(try await phone.habits("done", "Extra").status == 0)
        try await Self.add(laptop, "Other")
        phone.offline.withLock { $0 = false }
        let sync = try await phone.habits("sync")
        #expect(sync.status == 0, "\(sync)")
        #expect(
            sync.error.contains(
                "habits: the server refused a change saved on this device: Extra: add \"Extra\""),
            "\(sync)")
        #expect(sync.output.contains("2 refused changes kept"), "\(sync)")
        let rejected = try await phone.habits("sync", "--rejected")
        #expect(rejected.status == 0)
        #expect(rejected.output.hasPrefix("Extra: add \"Extra\": "), "\(rejected)")
        #expect(rejected.output.contains("Extra: done +1 on"), "\(rejected)")
        let list = try await phone.habits("list")
        #expect(!list.output.contains("Extra"), "a refused habit is still listed: \(list)")
        #expect(list.output.contains("Other"))
        let drop = try await phone.habits("sync", "--discard-rejected")
        #expect(drop.output == "Dropped 2 refused changes.\n", "\(drop)")
        #expect(try await phone.habits("sync", "--rejected").output == "No refused changes.\n")
        await server.stop()
    }

    @Test func aServerWithoutTheFeedKeepsOnlineOnlyBehaviour() async throws {
        let root = try TemporaryDirectory(prefix: "habits-sync-e2e")
        let server = try await ServerProcess(directory: root.url)
        let device = try Device(server: server, hidingFeed: true)
        defer { device.remove() }
        try await device.signIn(server, as: "gus@example.com")
        try await Self.add(device, "Walk")
        #expect(try await device.habits("list").status == 0)
        #expect(device.replicas().isEmpty, "a replica was kept for a server without the feed")
        let status = try await device.habits("status")
        #expect(status.output.contains("Sync:         this server has no change feed"), "\(status)")
        device.offline.withLock { $0 = true }
        let write = try await device.habits("done", "Walk")
        #expect(write.status == 69, "\(write)")
        #expect(!write.error.contains("Saved on this device"))
        let sync = try await device.habits("sync")
        #expect(sync.status == 1, "\(sync)")
        #expect(sync.error.contains("no change feed"))
        await server.stop()
    }

    @Test func aQueuedHabitEditThatReplacedAnotherDevicesValueIsTold() async throws {
        let root = try TemporaryDirectory(prefix: "habits-sync-e2e")
        let server = try await ServerProcess(directory: root.url)
        let phone = try Device(server: server)
        let laptop = try Device(server: server)
        defer {
            phone.remove()
            laptop.remove()
        }
        try await phone.signIn(server, as: "hal@example.com")
        try laptop.signIn(copying: phone)
        try await Self.add(phone, "Run")
        #expect(try await laptop.habits("list").status == 0)
        phone.offline.withLock { $0 = true }
        let edit = try await phone.habits("edit", "Run", "--name", "Running", "--target", "12")
        #expect(edit.status == 0, "\(edit)")
        let other = try await laptop.habits("edit", "Run", "--name", "Jogging", "--unit", "km")
        #expect(other.status == 0, "\(other)")
        phone.offline.withLock { $0 = false }
        let sync = try await phone.habits("sync")
        #expect(sync.status == 0, "\(sync)")
        #expect(
            sync.error.contains(
                "habits: Running: this device's edit set the name to \"Running\", replacing "
                    + "\"Jogging\", written on another device since this one last synced."),
            "\(sync)")
        // The target was not changed elsewhere, the unit not edited here.
        #expect(!sync.error.contains("target") && !sync.error.contains("unit"), "\(sync)")
        #expect(sync.error.contains("'habits edit'"), "\(sync)")
        // Last write wins for the name; the other device's unit stays.
        let list = try await laptop.habits("list")
        #expect(list.output.contains("Running") && list.output.contains("0/12 km"), "\(list)")
        await server.stop()
    }

    @Test func aCommandDoesNotSyncWhileAnotherProcessSyncsTheReplica() async throws {
        let root = try TemporaryDirectory(prefix: "habits-sync-e2e")
        let server = try await ServerProcess(directory: root.url)
        let phone = try Device(server: server)
        defer { phone.remove() }
        try await phone.signIn(server, as: "ivy@example.com")
        try await Self.add(phone, "Read")
        let replica = try #require(phone.replicas().first)
        // This test process stands for the other command syncing: it holds
        // the replica's lock, as that command's `flock` would.
        let lockPath = phone.sandbox.dataHome.appendingPathComponent("habits/\(replica).lock").path
        let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(lock >= 0)
        try #require(flock(lock, LOCK_EX) == 0)
        let before = phone.proxy.requests.count
        let done = try await phone.habits("done", "Read", "2")
        #expect(done.status == 0, "\(done)")
        #expect(done.error.contains("Saved on this device; it will be sent at the next sync."))
        let list = try await phone.habits("list")
        #expect(list.status == 0, "\(list)")
        #expect(list.output.contains("2/10 times"), "\(list)")
        #expect(list.error.contains("another habits command is syncing this device's copy"))
        let sync = try await phone.habits("sync")
        #expect(sync.status == 1, "\(sync)")
        #expect(sync.error.contains("Another habits command is syncing"), "\(sync)")
        // Neither sent nor pulled anything.
        #expect(phone.proxy.requests.count == before, "\(phone.proxy.requests.map(\.target))")
        flock(lock, LOCK_UN)
        close(lock)
        let synced = try await phone.habits("sync")
        #expect(synced.output.hasPrefix("Synced: sent 1 change,"), "\(synced)")
        await server.stop()
    }

    @Test func twoHabitsProcessesNeverSyncTheReplicaAtOnce() async throws {
        let root = try TemporaryDirectory(prefix: "habits-sync-e2e")
        let server = try await ServerProcess(directory: root.url)
        // The first `habits sync` is held at the feed's request (the proxy's
        // thread waits for `release`), with the replica's lock taken.
        let holding = Locked(false)
        let arrived = Locked<(seen: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))
        let release = DispatchSemaphore(value: 0)
        let phone = try Device(server: server) { request in
            guard request.target.hasPrefix("/api/me/changes/") else { return }
            let hold = holding.withLock { value in
                defer { value = false }
                return value
            }
            guard hold else { return }
            arrived.withLock { state in
                state.seen = true
                state.waiter?.resume()
                state.waiter = nil
            }
            // A safety net only, so a failing test cannot hang: the test
            // releases it. On a loaded machine (a full suite beside other
            // builds) the two commands held behind it took over 120 s, the
            // hold ran out and the first sync's requests were counted.
            _ = release.wait(timeout: .now() + 900)
        }
        defer { phone.remove() }
        try await phone.signIn(server, as: "jo@example.com")
        try await Self.add(phone, "Read")
        holding.withLock { $0 = true }
        async let first = phone.habits("sync")
        await withCheckedContinuation { continuation in
            arrived.withLock { state in
                if state.seen { continuation.resume() } else { state.waiter = continuation }
            }
        }
        let before = phone.proxy.requests.count
        let second = try await phone.habits("sync")
        #expect(second.status == 1, "\(second)")
        #expect(second.error.contains("Another habits command is syncing"), "\(second)")
        let done = try await phone.habits("done", "Read", "2")
        #expect(done.status == 0, "\(done)")
        #expect(done.error.contains("Saved on this device; it will be sent at the next sync."))
        #expect(phone.proxy.requests.count == before, "the second process reached the server")
        release.signal()
        let firstResult = try await first
        #expect(firstResult.status == 0, "\(firstResult)")
        let sync = try await phone.habits("sync")
        #expect(sync.output.hasPrefix("Synced: sent 1 change,"), "\(sync)")
        await server.stop()
    }
}

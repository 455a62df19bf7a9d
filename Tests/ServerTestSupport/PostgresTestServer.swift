import Foundation
import HabitConcurrency
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A PostgreSQL server of the tests' own: a new cluster in a temporary
/// directory (`initdb`), listening on a free port of 127.0.0.1 (`pg_ctl`),
/// with a password-protected superuser, and stopped when the test process
/// exits.
///
/// As root (CI), the cluster belongs to `nobody` and the server runs as that
/// user through runuser(1): PostgreSQL refuses to run as root.
package final class PostgresTestServer: Sendable {
    /// Why there is no server: PostgreSQL is not installed, or would not start.
    package struct Unavailable: Error, CustomStringConvertible, Sendable {
        package var description: String
    }

    package static let user = "habits"
    package static let password = "pw-Secret-4711"

    package let port: Int
    package let directory: String
    private let binaries: String

    /// One server for the whole test process, started on first use.
    package static let shared: Result<PostgresTestServer, Unavailable> = {
        do throws(Unavailable) {
            return .success(try PostgresTestServer())
        } catch {
            return .failure(error)
        }
    }()

    /// Whether a missing PostgreSQL must fail the run rather than skip its
    /// cases: CI (`CI=true`, set by `.ci/run`) always has it.
    package static var isRequired: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true"
    }

    private static let toldWhyNot = Locked(false)

    /// The shared server; without one, the calling test is cancelled with
    /// the reason (under CI it fails instead, since CI always has it).
    package static func sharedOrCancel() throws -> PostgresTestServer {
        switch shared {
        case .success(let server): return server
        case .failure(let unavailable):
            if isRequired { throw unavailable }
            // The console shows a cancelled test case without its reason,
            // so the first one also says it as a warning.
            let first = toldWhyNot.withLock { told in
                defer { told = true }
                return !told
            }
            if first {
                Issue.record(
                    "The PostgreSQL cases do not run: \(unavailable)", severity: .warning)
            }
            try Test.cancel("PostgreSQL case not run: \(unavailable)")
        }
    }

    /// The URL of `database` as the superuser, with the password in it
    /// unless `password` is false (then it is given another way or wrong).
    package func url(database: String = "postgres", password: String? = PostgresTestServer.password)
        -> String
    {
        let credentials = password.map { "\(Self.user):\($0)" } ?? Self.user
        return "postgres://\(credentials)@127.0.0.1:\(port)/\(database)"
    }

    /// Starts a new cluster (the e2e restart test takes one of its own).
    package init() throws(Unavailable) {
        guard let binaries = Self.findBinaries() else {
            throw Unavailable(
                description:
                    "PostgreSQL's initdb and pg_ctl were not found (looked in "
                    + "/usr/lib/postgresql/*/bin and PATH); install "
                    + "Debian's postgresql package to run these cases")
        }
        self.binaries = binaries
        let directory = NSTemporaryDirectory() + "habits-pg-" + UUID().uuidString
        self.directory = directory
        let data = directory + "/data"
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o755])
            try Data((Self.password + "\n").utf8).write(
                to: URL(fileURLWithPath: directory + "/pwfile"))
            if geteuid() == 0 {
                guard chown(directory, Self.nobody.uid, Self.nobody.gid) == 0,
                    chown(directory + "/pwfile", Self.nobody.uid, Self.nobody.gid) == 0
                else {
                    throw Unavailable(description: "cannot give \(directory) to nobody")
                }
            }
        } catch let error as Unavailable {
            throw error
        } catch {
            throw Unavailable(description: "cannot prepare \(directory): \(error)")
        }
        try Self.run(
            binaries + "/initdb",
            [
                "-D", data, "-U", Self.user, "--pwfile=" + directory + "/pwfile", "-A",
                "scram-sha-256", "--no-locale", "-E", "UTF8", "--no-sync",
            ])
        port = Self.freePort()
        try start()
        Self.started.withLock { $0.append(self) }
        _ = Self.exitHookInstalled
    }

    /// Starts the server (again) and waits until it accepts connections.
    package func start() throws(Unavailable) {
        let options = [
            "-p \(port)", "-c listen_addresses=127.0.0.1",
            "-c unix_socket_directories=\(directory)", "-c max_connections=400",
            "-c fsync=off", "-c shared_buffers=32MB",
        ].joined(separator: " ")
        try Self.run(
            binaries + "/pg_ctl",
            [
                "-D", directory + "/data", "-l", directory + "/server.log", "-o", options, "-w",
                "start",
            ])
    }

    /// Stops the server (`-m fast`: sessions are disconnected at once).
    package func stop() throws(Unavailable) {
        try Self.run(binaries + "/pg_ctl", ["-D", directory + "/data", "-m", "fast", "-w", "stop"])
    }

    /// A new empty database on this server, named `prefix` and a random
    /// suffix; returns its URL (tests that run whole servers on it).
    package func newDatabase(prefix: String) throws(Unavailable) -> String {
        let name = prefix + Self.randomSuffix()
        try psql("CREATE DATABASE \(name)")
        return url(database: name)
    }

    /// A new empty schema in the `postgres` database, named `prefix` and a
    /// random suffix; returns the URL whose connections use it, so tests run
    /// side by side without seeing each other's rows.
    package func newSchema(prefix: String) throws(Unavailable) -> String {
        let name = prefix + Self.randomSuffix()
        try psql("CREATE SCHEMA \(name)")
        return url() + "?options=-csearch_path%3D" + name
    }

    /// 32 lowercase hex digits: a name part no other test picks.
    private static func randomSuffix() -> String {
        UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// Runs SQL through psql as the superuser; returns its unaligned output.
    @discardableResult
    package func psql(_ sql: String, database: String = "postgres") throws(Unavailable) -> String {
        try Self.run(
            binaries + "/psql",
            ["-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-c", sql, url(database: database)])
    }

    private static let started = Locked<[PostgresTestServer]>([])

    /// Stops every server this process started, when it exits.
    private static let exitHookInstalled: Bool = {
        atexit {
            let servers = PostgresTestServer.started.withLock { $0 }
            for server in servers {
                try? server.stop()
                try? FileManager.default.removeItem(atPath: server.directory)
            }
        }
        return true
    }()

    private static let nobody: (uid: uid_t, gid: gid_t) = {
        guard let entry = getpwnam("nobody") else { return (65534, 65534) }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }()

    /// Runs a PostgreSQL program, as nobody when this process is root;
    /// returns its standard output, throws with its output on failure.
    ///
    /// posix_spawn and waitpid rather than `Process`: this runs inside the
    /// one-time initialiser that parallel tests all wait on, where
    /// `Process.waitUntilExit` was seen to hang.
    @discardableResult
    private static func run(_ program: String, _ arguments: [String]) throws(Unavailable)
        -> String
    {
        let argv: [String]
        if geteuid() == 0 {
            argv = ["/usr/sbin/runuser", "-u", "nobody", "--", program] + arguments
        } else {
            argv = [program] + arguments
        }
        let environment = [
            "PATH=/usr/bin:/bin", "LC_ALL=C", "PGPASSWORD=\(password)", "HOME=/tmp",
        ]
        let outputPath = NSTemporaryDirectory() + "habits-pg-output-" + UUID().uuidString
        defer { unlink(outputPath) }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var pid: pid_t = 0
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in cArguments + cEnvironment { free(pointer) }
        }
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments, cEnvironment)
        guard spawned == 0 else {
            throw Unavailable(
                description: "cannot run \(argv[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        // WIFEXITED and WEXITSTATUS, which Swift does not import as macros.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw Unavailable(
                description: "\((program as NSString).lastPathComponent) failed: \(text)")
        }
        return text
    }

    /// The directory with initdb and pg_ctl: Debian's newest version, else
    /// the first on PATH (or Homebrew's).
    private static func findBinaries() -> String? {
        let fileManager = FileManager.default
        let debian = "/usr/lib/postgresql"
        let versions = (try? fileManager.contentsOfDirectory(atPath: debian)) ?? []
        let sorted = versions.compactMap { Int($0) }.sorted(by: >)
        for version in sorted
        where fileManager.isExecutableFile(atPath: "\(debian)/\(version)/bin/initdb") {
            return "\(debian)/\(version)/bin"
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories =
            path.split(separator: ":").map(String.init) + [
                "/opt/homebrew/bin", "/usr/local/bin",
            ]
        for candidate in directories {
            if fileManager.isExecutableFile(atPath: candidate + "/initdb"),
                fileManager.isExecutableFile(atPath: candidate + "/pg_ctl")
            {
                return candidate
            }
        }
        return nil
    }

    /// A port nothing listens on now (the kernel's choice for port 0).
    private static func freePort() -> Int {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length)
                return getsockname(descriptor, socketAddress, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

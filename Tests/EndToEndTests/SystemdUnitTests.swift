import Foundation
import ServerTestSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Examples/habits-server.service`: systemd accepts it, it is hardened as
/// the README says, and the binary runs with its arguments.
@Suite struct SystemdUnitTests {
    static let unitFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/habits-server.service")

    static func unit() throws -> String {
        try String(contentsOf: unitFile, encoding: .utf8)
    }

    /// The words of the unit's `key=` line, with the binary's path first.
    static func command(_ key: String) throws -> [String] {
        let line = try #require(
            try unit().split(separator: "\n").first { $0.hasPrefix(key + "=") })
        return line.dropFirst(key.count + 1).split(separator: " ").map(String.init)
    }

    @Test func systemdAnalyzeVerifiesTheUnit() async throws {
        let analyze = try ExternalTool.require("systemd-analyze", package: "systemd")
        let directory = try TemporaryDirectory()
        // verify checks that the programs exist: point it at the built one.
        let copy = try Self.unit().replacingOccurrences(
            of: "/usr/local/bin/habits-server", with: Binaries.server.path)
        let file = directory.appending("habits-server.service")
        try Data(copy.utf8).write(to: URL(fileURLWithPath: file))
        let result = try await analyze.run(["verify", file])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.isEmpty, "systemd-analyze's remarks: \(result.output)")
    }

    @Test func theUnitIsHardened() throws {
        let lines = Set(try Self.unit().split(separator: "\n").map(String.init))
        for required in [
            "DynamicUser=yes", "StateDirectory=habits-server", "ProtectSystem=strict",
            "NoNewPrivileges=yes", "PrivateTmp=yes", "Restart=on-failure",
            "SystemCallFilter=@system-service", "SystemCallFilter=~@privileged @resources",
        ] {
            #expect(lines.contains(required), "\(required)")
        }
        #expect(try Self.command("ExecStartPost").dropFirst().first == "check")
    }

    @Test func theBinaryServesWithTheUnitsArgumentsAndPassesItsHealthCheck() async throws {
        let directory = try TemporaryDirectory()
        // %S is /var/lib for a system unit; the port is the test's own.
        var arguments = try Self.command("ExecStart").dropFirst().map {
            $0.replacingOccurrences(of: "%S", with: directory.path)
        }
        let port = try #require(arguments.firstIndex(of: "--port"))
        arguments[port + 1] = "0"
        try FileManager.default.createDirectory(
            atPath: directory.appending("habits-server"), withIntermediateDirectories: true)
        let server = try await ServerProcess(directory: directory.url, arguments: arguments)
        #expect(
            FileManager.default.fileExists(
                atPath: directory.appending("habits-server/habits.sqlite3")))
        let check = try Self.command("ExecStartPost").dropFirst().map {
            $0.replacingOccurrences(of: "127.0.0.1:8000", with: "127.0.0.1:\(server.port)")
        }
        let result = try await Subprocess.run(
            Binaries.server, Array(check), environment: ["HOME": directory.path],
            scratch: directory.url)
        #expect(result.status == 0, "\(result)")
        let exit = server.kill(SIGTERM)
        #expect(exit.reason == .exit && exit.status == 0)
    }
}

import Foundation

/// A program from a Debian package that some tests run (`promtool` from
/// `prometheus`, `systemd-analyze` from `systemd`).
///
/// Found by `RequiredTool`, the one "tool or skip" rule: without it the test
/// is cancelled with one line naming the package; under CI (`CI=true`),
/// which installs the packages, it fails instead.
package struct ExternalTool: Sendable {
    package let url: URL

    /// The program `name` from the Debian package `package`, located as
    /// `RequiredTool` locates every tool a fresh machine may lack: without
    /// it the test is cancelled naming the package, or fails under CI.
    package static func require(_ name: String, package: String) throws -> ExternalTool {
        ExternalTool(url: try RequiredTool.locate(name, package: package))
    }

    /// Runs the program with `input` on standard input; returns its status and
    /// what it wrote to standard output and error together.
    package func run(_ arguments: [String], input: String = "") async throws -> (
        status: Int32, output: String
    ) {
        let result = try await Subprocess.run(url, arguments, input: input)
        return (result.status, result.output + result.error)
    }
}

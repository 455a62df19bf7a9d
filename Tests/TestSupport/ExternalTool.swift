import Foundation
import Testing

/// A program from a Debian package that some tests run (`promtool` from
/// `prometheus`, `systemd-analyze` from `systemd`).
///
/// Without it the test is cancelled with one line naming the package; under
/// CI (`CI=true`), which installs the packages, it fails instead.
public struct ExternalTool: Sendable {
    public let url: URL

    /// The program `name` on PATH (or /usr/bin, /bin), else cancels or fails the test.
    public static func require(_ name: String, package: String) throws -> ExternalTool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin"]
        for directory in directories {
            let candidate = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return ExternalTool(url: URL(fileURLWithPath: candidate))
            }
        }
        let reason = "\(name) is not installed (Debian package \(package))"
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            throw TestSupportFailure(reason + "; CI must install it")
        }
        try Test.cancel("Not run: \(reason).")
    }

    /// Runs the program with `input` on standard input; returns its status and
    /// what it wrote to standard output and error together.
    public func run(_ arguments: [String], input: String = "") throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let stdin = Pipe()
        let output = Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = output
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let text = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}

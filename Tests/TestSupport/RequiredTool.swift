import Foundation
import Testing

/// A program that a test runs and that a fresh machine may lack.
///
/// It is looked up on `PATH` (then `/usr/bin` and `/bin`). When it is
/// missing, the test is cancelled with one line naming the Debian package
/// that brings it; under CI (`CI=true`), where `.ci/run` installs every such
/// package, a missing one fails the test instead. A test that finds its tool
/// runs in full, so the skip never hides a failure.
package enum RequiredTool {
    /// The program called `name`, from the Debian package `package` (the
    /// same name unless said otherwise).
    package static func locate(_ name: String, package: String? = nil) throws -> URL {
        if let found = find(name) { return found }
        let reason = "\(name) is not installed (apt-get install \(package ?? name))"
        if isRequired {
            Issue.record("\(reason); .ci/run installs it.")
            throw Missing(description: reason)
        }
        try Test.cancel("Not run: \(reason).")
    }

    /// Whether a missing tool fails the run rather than cancelling its test.
    package static var isRequired: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// The first executable file called `name` on the search path.
    package static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin"] {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The error a missing tool throws under CI.
    package struct Missing: Error, CustomStringConvertible {
        package var description: String
    }
}

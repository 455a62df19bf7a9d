import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh directory under the system's temporary directory, removed when
/// the value is released: one per test, since tests run in parallel.
final class CredentialsTempDirectory: Sendable {
    let path: String

    init() throws {
        var template = Array(
            (NSTemporaryDirectory() + "/habits-client-test-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }
        }
        guard let created else { throw POSIXFailure(call: "mkdtemp", code: errno) }
        path = String(cString: created)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `path/name`.
    func appending(_ name: String) -> String {
        path + "/" + name
    }

    /// The permission bits of the file at `path`, or `nil` when it does not exist.
    static func mode(of path: String) -> UInt16? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return UInt16(truncatingIfNeeded: info.st_mode & 0o7777)
    }
}

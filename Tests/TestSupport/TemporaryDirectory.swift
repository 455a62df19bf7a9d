import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh directory of one test's own under the system's temporary
/// directory, mode 0700 (mkdtemp), removed with everything in it when the
/// value is released. One per test, since tests run in parallel.
package final class TemporaryDirectory: Sendable {
    package let path: String

    package init(prefix: String = "habits-tests") throws {
        var template = Array((NSTemporaryDirectory() + "/\(prefix)-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }
        }
        guard let created else {
            throw TestSupportFailure("mkdtemp: \(String(cString: strerror(errno)))")
        }
        path = String(cString: created)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    package var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// `path/name`.
    package func appending(_ name: String) -> String {
        path + "/" + name
    }

    /// The permission bits of the file at `path`, or `nil` when it does not exist.
    package static func mode(of path: String) -> UInt16? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return UInt16(truncatingIfNeeded: info.st_mode & 0o7777)
    }
}

/// A fixture that could not be set up; the message says which and why.
package struct TestSupportFailure: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

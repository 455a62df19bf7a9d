import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files replaced so that a reader sees the old content or the new, never a
/// half-written file (through `PendingFile`), and the directories they live in.
package enum AtomicFile {
    /// Why a file could not be written or read; `reason` is strerror's text.
    package struct Failure: Error, Hashable, Sendable {
        package var path: String
        package var reason: String

        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        /// The failure of a system call that set `errno` to `code`.
        package init(path: String, errno code: Int32) {
            self.init(path: path, reason: String(cString: strerror(code)))
        }
    }

    /// Creates `path` and its missing parents with `permissions` (parents too).
    package static func createDirectory(_ path: String, permissions: mode_t = 0o700)
        throws(Failure)
    {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return }
            throw Failure(path: path, reason: "it exists and is not a directory")
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try createDirectory(parent, permissions: permissions) }
        if mkdir(path, permissions) != 0, errno != EEXIST {
            throw Failure(path: path, errno: errno)
        }
    }

    /// Replaces `path` with `data`, readable only by its owner when
    /// `permissions` says so (the default, 0600); creates missing directories 0700.
    package static func write(_ data: Data, to path: String, permissions: mode_t = 0o600)
        throws(Failure)
    {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try createDirectory(directory) }
        let file = try PendingFile(replacing: path, permissions: permissions)
        try file.write(data)
        try file.install()
    }

    /// The file's bytes, or `nil` when it does not exist.
    ///
    /// Read with `open` and `read`: Foundation's `Data(contentsOf:)` goes
    /// through `URL`, whose first use costs a local command about 0.4 M
    /// instructions (Tests/Load/README.md).
    package static func read(_ path: String) throws(Failure) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw Failure(path: path, reason: "it cannot be read")
        }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                readBytes(descriptor, bytes.baseAddress, bytes.count)
            }
            if count == 0 { return data }
            guard count > 0 else {
                if errno == EINTR { continue }
                throw Failure(path: path, reason: "it cannot be read")
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    private static func readBytes(
        _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int
    ) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// Flushes the directory holding `path`, so a rename, link or unlink of
    /// it survives a crash.
    package static func syncDirectory(of path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// `directory/name` with exactly one slash between them.
    package static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small files written so that a reader sees the old content or the new, never
/// a half-written file: a temporary file in the same directory, fsync, rename,
/// then fsync of the directory so the rename survives a crash.
enum AtomicFile {
    /// Why a file could not be written or read; `reason` is strerror's text.
    struct Failure: Error, Hashable, Sendable {
        var path: String
        var reason: String
    }

    /// Creates `path` and its missing parents with `permissions` (parents too).
    static func createDirectory(_ path: String, permissions: mode_t = 0o700) throws(Failure) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return }
            throw Failure(path: path, reason: "it exists and is not a directory")
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try createDirectory(parent, permissions: permissions) }
        if mkdir(path, permissions) != 0, errno != EEXIST {
            throw Failure(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Replaces `path` with `data`, readable only by its owner when
    /// `permissions` says so (the default, 0600).
    static func write(_ data: Data, to path: String, permissions: mode_t = 0o600) throws(Failure) {
        let directory = (path as NSString).deletingLastPathComponent
        try createDirectory(directory)
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard descriptor >= 0 else {
            throw Failure(path: path, reason: String(cString: strerror(errno)))
        }
        var failure: Failure?
        data.withUnsafeBytes { buffer in
            guard var pointer = buffer.baseAddress else { return }
            var remaining = buffer.count
            while remaining > 0 {
                let written = Foundation.write(descriptor, pointer, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = Failure(path: path, reason: String(cString: strerror(errno)))
                    return
                }
                pointer += written
                remaining -= written
            }
        }
        if failure == nil, fsync(descriptor) != 0 {
            failure = Failure(path: path, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 {
            failure = Failure(path: path, reason: String(cString: strerror(errno)))
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// The file's bytes, or `nil` when it does not exist.
    static func read(_ path: String) throws(Failure) -> Data? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw Failure(path: path, reason: "it cannot be read")
        }
    }
}

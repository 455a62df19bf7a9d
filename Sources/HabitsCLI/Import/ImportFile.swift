import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file an import reads: a regular file no larger than a limit, else one
/// sentence before anything is read.
///
/// Opened without blocking and checked on the open descriptor, so a FIFO
/// given as a file is refused instead of waiting for a writer, and a file
/// swapped after the check is still the one checked.
enum ImportFile {
    /// Refuses `path` unless it is a regular file of at most `limit` bytes
    /// (following links); for files another library opens (SQLite).
    static func check(_ path: String, limit: Int) throws(ImportSourceError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw openFailure(path, errno) }
        try check(info, path, limit: limit)
    }

    /// The contents of `path`, a regular file of at most `limit` bytes.
    static func contents(_ path: String, limit: Int) throws(ImportSourceError) -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw openFailure(path, errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw unreadable(path) }
        try check(info, path, limit: limit)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw unreadable(path) }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
            // A file that grew since the check is held to the same limit.
            if data.count > limit { throw .fileTooLarge(file: path, limit: limit) }
        }
    }

    private static func check(_ info: stat, _ path: String, limit: Int) throws(ImportSourceError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR:
            throw .format(.notAFile(path: path))
        default: throw .notRegularFile(path: path)
        }
        if info.st_size > limit { throw .fileTooLarge(file: path, limit: limit) }
    }

    private static func openFailure(_ path: String, _ code: Int32) -> ImportSourceError {
        code == ENOENT
            ? .format(.missing(path: path))
            : unreadable(path)
    }

    private static func unreadable(_ path: String) -> ImportSourceError {
        .format(.unreadable(path: path))
    }
}

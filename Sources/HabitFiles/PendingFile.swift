import Foundation
import HabitConcurrency

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A new version of a file, written beside it and then installed in one step.
///
/// The temporary file is created in the destination's directory, so the
/// rename cannot cross file systems, as a hidden name of its own
/// (`.name.<pid>.<random>.tmp`, which directory readers skip), with exactly
/// the permissions asked for (the umask could only remove bits) and never
/// through a link. Installing flushes it, renames it over the destination (or
/// links it there only if nothing is, for files that must not be replaced)
/// and flushes the directory, so after a crash the destination holds the old
/// content or the new, never part of either. Dropped uninstalled, the
/// temporary file is removed and nothing has changed.
///
/// It is the one way the package replaces a file: the CLI's settings and
/// caches, the saved credentials (which reserve their room before a refresh
/// is sent), the server's secret and its outbox messages.
package final class PendingFile: Sendable {
    /// The file this one replaces when installed.
    package let destination: String
    /// The temporary file's path.
    package let temporaryPath: String
    /// The open temporary file; nil once installed or discarded.
    private let descriptor: Locked<Int32?>

    /// Creates the temporary file beside `destination`, empty, with `permissions`.
    package init(replacing destination: String, permissions: mode_t = 0o600)
        throws(AtomicFile.Failure)
    {
        let directory = (destination as NSString).deletingLastPathComponent
        let name = (destination as NSString).lastPathComponent
        let temporaryName = ".\(name).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        let temporaryPath =
            directory.isEmpty ? temporaryName : AtomicFile.join(directory, temporaryName)
        let opened = open(
            temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
        guard opened >= 0 else { throw AtomicFile.Failure(path: destination, errno: errno) }
        guard fchmod(opened, permissions) == 0 else {
            let code = errno
            close(opened)
            unlink(temporaryPath)
            throw AtomicFile.Failure(path: destination, errno: code)
        }
        self.destination = destination
        self.temporaryPath = temporaryPath
        descriptor = Locked(opened)
    }

    deinit { discard() }

    /// Writes all of `data` at `offset` of the temporary file.
    package func write(_ data: Data, at offset: Int = 0) throws(AtomicFile.Failure) {
        let descriptor = try openDescriptor()
        var done = 0
        while done < data.count {
            let written = data.withUnsafeBytes { bytes in
                pwrite(
                    descriptor, bytes.baseAddress.map { $0 + done }, bytes.count - done,
                    off_t(offset + done))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw AtomicFile.Failure(path: destination, errno: errno)
            }
            done += written
        }
    }

    /// Cuts (or extends) the temporary file to `length` bytes.
    package func truncate(to length: Int) throws(AtomicFile.Failure) {
        guard ftruncate(try openDescriptor(), off_t(length)) == 0 else {
            throw AtomicFile.Failure(path: destination, errno: errno)
        }
    }

    /// Flushes the temporary file and renames it over the destination.
    package func install() throws(AtomicFile.Failure) {
        let descriptor = try openDescriptor()
        defer { discard() }
        guard fsync(descriptor) == 0, rename(temporaryPath, destination) == 0 else {
            throw AtomicFile.Failure(path: destination, errno: errno)
        }
        self.descriptor.withLock { $0 = nil }
        close(descriptor)
        AtomicFile.syncDirectory(of: destination)
    }

    /// Flushes the temporary file and links it in as the destination unless
    /// a file is already there (link(2) never replaces one), so of processes
    /// racing to create the same file exactly one wins. Returns false when
    /// the destination already existed; the temporary file is removed either way.
    package func installIfAbsent() throws(AtomicFile.Failure) -> Bool {
        let descriptor = try openDescriptor()
        defer { discard() }
        guard fsync(descriptor) == 0 else {
            throw AtomicFile.Failure(path: destination, errno: errno)
        }
        guard link(temporaryPath, destination) == 0 else {
            if errno == EEXIST { return false }
            throw AtomicFile.Failure(path: destination, errno: errno)
        }
        AtomicFile.syncDirectory(of: destination)
        return true
    }

    /// Closes and removes the temporary file unless it was installed.
    package func discard() {
        let open = descriptor.withLock { current in
            defer { current = nil }
            return current
        }
        guard let open else { return }
        close(open)
        unlink(temporaryPath)
    }

    private func openDescriptor() throws(AtomicFile.Failure) -> Int32 {
        guard let open = descriptor.withLock({ $0 }) else {
            throw AtomicFile.Failure(path: destination, reason: "the new file was already used")
        }
        return open
    }

}

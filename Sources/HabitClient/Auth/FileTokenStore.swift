import Foundation
import HabitFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps credentials in a file only the user can read, `credentials.json` in
/// the directory it is given (the command line gives it the XDG
/// configuration directory, `$XDG_CONFIG_HOME/habits`).
///
/// The directory is 0700 and the file 0600. Writes are atomic: a temporary file
/// in the same directory is written, flushed to disk, renamed over the old one,
/// and the directory is flushed too, so a crash leaves the old credentials or
/// the new ones, never half of either. A file that others may read, that is a
/// link, that belongs to someone else or that does not parse is reported with
/// the fix; it is never used and never deleted. `credentials.lock` beside it
/// serialises refreshes across processes.
package struct FileTokenStore: TokenStore {
    /// The credentials file's name inside the directory.
    static let fileName = "credentials.json"
    /// The lock file's name inside the directory.
    package static let lockFileName = "credentials.lock"
    /// Credentials are small; anything larger is not a credentials file.
    private static let maximumFileSize = 64 * 1024

    /// The directory holding the credentials file.
    package let directory: String

    /// Keeps credentials in `directory` (created 0700 when first needed).
    package init(directory: String) {
        var path = directory
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.directory = path
    }

    /// The credentials file's path.
    package var credentialsPath: String { AtomicFile.join(directory, Self.fileName) }

    /// The lock file's path.
    package var lockPath: String { AtomicFile.join(directory, Self.lockFileName) }

    package var locationDescription: String { "file \(credentialsPath)" }

    // MARK: - TokenStore

    package func load() throws(TokenStoreError) -> StoredCredentials {
        let path = credentialsPath
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if descriptor < 0 {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: return .empty
            case ELOOP: throw .notRegularFile(path: path)
            default: throw .unreadable(path: path, reason: FileLock.systemMessage(code))
            }
        }
        defer { close(descriptor) }
        try checkDirectory(creating: false)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .unreadable(path: path, reason: FileLock.systemMessage(errno))
        }
        guard Self.isRegularFile(info) else { throw .notRegularFile(path: path) }
        guard info.st_uid == geteuid() else { throw .wrongOwner(path: path) }
        let mode = Self.permissions(info)
        guard mode & 0o077 == 0 else { throw .insecureFile(path: path, mode: mode) }
        guard Int(info.st_size) <= Self.maximumFileSize else {
            throw .corrupt(path: path, damage: .tooLarge)
        }

        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: FileLock.systemMessage(errno))
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
            guard data.count <= Self.maximumFileSize else {
                throw .corrupt(path: path, damage: .tooLarge)
            }
        }
        do {
            return try JSONDecoder().decode(StoredCredentials.self, from: data)
        } catch {
            throw .corrupt(path: path, damage: .of(data))
        }
    }

    /// Reads the file without its permission checks (a link or another
    /// user's file is still refused), for revoking its session on sign-out.
    package func salvageSession() -> SalvagedSession? {
        let descriptor = open(credentialsPath, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, Self.isRegularFile(info), info.st_uid == geteuid()
        else { return nil }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.count <= Self.maximumFileSize {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return SalvagedSession.read(data)
    }

    package func save(_ credentials: StoredCredentials) throws(TokenStoreError) {
        let data = try Self.encoded(credentials, path: credentialsPath)
        try FileCredentialsSlot(store: self, byteCount: data.count).fill(data)
    }

    /// Creates the temporary file of the next save and writes it to
    /// `byteCount` bytes, so a full disk shows now rather than after a refresh.
    package func reserveSlot(byteCount: Int) throws(TokenStoreError) -> any CredentialsSlot {
        try FileCredentialsSlot(store: self, byteCount: byteCount)
    }

    /// The credentials as the file holds them: sorted keys, pretty-printed.
    static func encoded(_ credentials: StoredCredentials, path: String) throws(TokenStoreError)
        -> Data
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard let data = try? encoder.encode(credentials) else {
            throw .unwritable(path: path, reason: "the credentials could not be encoded")
        }
        return data
    }

    package func clear() throws(TokenStoreError) {
        let path = credentialsPath
        guard unlink(path) == 0 || errno == ENOENT else {
            throw .unwritable(path: path, reason: FileLock.systemMessage(errno))
        }
        syncDirectory()
    }

    package func withExclusiveLock<T: Sendable>(
        _ body: @Sendable () async throws(APIError) -> T
    ) async throws(APIError) -> T {
        do {
            try checkDirectory(creating: true)
        } catch {
            throw .storage(error)
        }
        return try await FileLock(path: lockPath).withLock(body)
    }

    // MARK: - Files

    /// Checks that the directory is the user's own and not writable by others;
    /// creates it 0700 (with missing parents 0700) when asked.
    func checkDirectory(creating: Bool) throws(TokenStoreError) {
        var info = stat()
        if stat(directory, &info) != 0 {
            guard errno == ENOENT, creating else {
                if errno == ENOENT { return }
                throw .unreadable(path: directory, reason: FileLock.systemMessage(errno))
            }
            do {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            } catch {
                throw .unwritable(path: directory, reason: "the directory cannot be created")
            }
            guard chmod(directory, 0o700) == 0, stat(directory, &info) == 0 else {
                throw .unwritable(path: directory, reason: FileLock.systemMessage(errno))
            }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw .unwritable(path: directory, reason: "it is not a directory")
        }
        guard info.st_uid == geteuid() else { throw .wrongOwner(path: directory) }
        let mode = Self.permissions(info)
        guard mode & 0o022 == 0 else { throw .insecureDirectory(path: directory, mode: mode) }
    }

    /// Flushes the directory entry after an unlink, so it survives a crash.
    func syncDirectory() {
        AtomicFile.syncDirectory(of: credentialsPath)
    }

    private static func isRegularFile(_ info: stat) -> Bool {
        info.st_mode & S_IFMT == S_IFREG
    }

    private static func permissions(_ info: stat) -> UInt16 {
        UInt16(truncatingIfNeeded: info.st_mode & 0o7777)
    }
}

import Foundation
import HabitConcurrency

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary file of a `FileTokenStore`'s next save, created and written
/// to its reserved size before the credentials are known.
///
/// Zeros are written rather than the size merely set, since only written
/// blocks are allocated: a full disk fails here, before a refresh is sent.
/// Filling it writes the credentials over the zeros, cuts the file to their
/// length, flushes it and renames it over the credentials file. Dropped
/// unfilled, the temporary file is removed and nothing changes.
final class FileCredentialsSlot: CredentialsSlot {
    private let store: FileTokenStore
    private let byteCount: Int
    /// The temporary file and its descriptor, until filled or dropped.
    private let file: Locked<(path: String, descriptor: Int32)?>

    init(store: FileTokenStore, byteCount: Int) throws(TokenStoreError) {
        let file = try store.createTemporaryFile()
        self.store = store
        self.byteCount = max(0, byteCount)
        self.file = Locked(file)
        do {
            try FileTokenStore.write(
                Data(count: self.byteCount), to: file.descriptor, at: 0,
                path: store.credentialsPath)
        } catch {
            discard()
            throw error
        }
    }

    deinit { discard() }

    func fill(_ credentials: StoredCredentials) throws(TokenStoreError) {
        try fill(FileTokenStore.encoded(credentials, path: store.credentialsPath))
    }

    /// Saves `data` as the credentials file through the reserved temporary file.
    func fill(_ data: Data) throws(TokenStoreError) {
        let path = store.credentialsPath
        guard let file = file.withLock({ $0 }) else {
            throw .unwritable(path: path, reason: "the reserved file was already used")
        }
        defer { discard() }
        try FileTokenStore.write(data, to: file.descriptor, at: 0, path: path)
        guard ftruncate(file.descriptor, off_t(data.count)) == 0,
            fsync(file.descriptor) == 0
        else { throw .unwritable(path: path, reason: FileLock.systemMessage(errno)) }
        try store.install(file.path)
        // Renamed: nothing is left to remove.
        self.file.withLock { $0 = nil }
        close(file.descriptor)
    }

    /// Closes and removes the temporary file unless it was installed.
    private func discard() {
        guard
            let file = file.withLock({ current in
                defer { current = nil }
                return current
            })
        else { return }
        close(file.descriptor)
        unlink(file.path)
    }
}

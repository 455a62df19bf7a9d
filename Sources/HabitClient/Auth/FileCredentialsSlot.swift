import Foundation
import HabitFiles

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
    /// The temporary file; removed by its own deinit unless installed.
    private let file: PendingFile

    init(store: FileTokenStore, byteCount: Int) throws(TokenStoreError) {
        try store.checkDirectory(creating: true)
        self.store = store
        do {
            file = try PendingFile(replacing: store.credentialsPath, permissions: 0o600)
            try file.write(Data(count: max(0, byteCount)))
        } catch {
            throw .unwritable(path: store.credentialsPath, reason: error.reason)
        }
    }

    func fill(_ credentials: StoredCredentials) throws(TokenStoreError) {
        try fill(FileTokenStore.encoded(credentials, path: store.credentialsPath))
    }

    /// Saves `data` as the credentials file through the reserved temporary file.
    func fill(_ data: Data) throws(TokenStoreError) {
        do {
            try file.write(data)
            try file.truncate(to: data.count)
            try file.install()
        } catch {
            throw .unwritable(path: store.credentialsPath, reason: error.reason)
        }
    }
}

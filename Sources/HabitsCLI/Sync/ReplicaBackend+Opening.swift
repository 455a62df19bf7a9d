import Foundation
import HabitClient
import HabitCore
import HabitFiles
import HabitStorage
import HabitStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a replica lives and how it is opened: named from the server and
/// the account, refused when cut short, and read without the network for
/// `habits prompt`.
extension ReplicaBackend {
    /// The replica's file for `server` and `account`: a name made of a
    /// hash of both, so neither shows in the file system, hashed once and
    /// kept beside the session (`ReplicaName`).
    static func path(paths: CLIPaths, server: String, account: String) -> String? {
        guard
            let name = ReplicaName(path: paths.replicaNameFile).name(
                server: server, account: account)
        else { return nil }
        return AtomicFile.join(paths.dataDirectory, name)
    }

    /// The replica's file for the account `client` is signed in to, if any.
    static func path(client: HabitAPIClient, paths: CLIPaths) -> String? {
        guard let status = try? client.signInStatus(), let summary = status.session,
            summary.isForConfiguredServer
        else { return nil }
        return path(
            paths: paths, server: client.configuration.baseURLString,
            account: summary.userID ?? summary.email)
    }

    /// Local mode's reading of an existing replica, for `habits prompt`:
    /// no network, no sync; `nil` when this device has none.
    static func localCopy(selection: ServerSelection, context: CommandContext)
        throws(CommandError) -> LocalBackend?
    {
        let client = try RemoteBackend.makeClient(selection: selection, context: context)
        let paths = try context.paths()
        guard let path = path(client: client, paths: paths) else {
            if let problem = sessionProblem(
                client: client, paths: paths, clock: context.environment.clock)
            {
                throw problem
            }
            return nil
        }
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        try checkNotCutShort(path)
        do {
            let memo = SchemaCheckFile(path: paths.schemaCheckFile(for: path))
            let store = try SQLiteStore(
                path: path, readerCount: 0, role: .client, schemaCheckMemo: memo)
            let owner = try store.localUser(now: context.environment.clock.now()).id
            return LocalBackend(
                store: store, owner: owner, clock: context.environment.clock, databasePath: path)
        } catch {
            throw CommandError.store(error)
        }
    }

    /// Opens (creating on first use, unless not `creating`) the replica for the signed-in account
    /// of `remote`'s server; `nil` when there is no session for it (the
    /// remote backend then says what is wrong) or no replica can be named.
    static func open(remote: RemoteBackend, context: CommandContext, creating: Bool = true)
        throws(CommandError) -> ReplicaBackend?
    {
        let client = remote.client
        let paths = try context.paths()
        guard let path = path(client: client, paths: paths),
            creating || FileManager.default.fileExists(atPath: path)
        else { return nil }
        let server = client.configuration.baseURLString
        try checkNotCutShort(path)
        do {
            try AtomicFile.createDirectory(paths.dataDirectory)
        } catch {
            throw CommandError.cannotCreateDataDirectory(error)
        }
        let store: SQLiteStore
        let owner: Int64
        do {
            store = try SQLiteStore(
                path: path, readerCount: 0, role: .client,
                schemaCheckMemo: SchemaCheckFile(path: paths.schemaCheckFile(for: path)))
            try store.prepareReplica()
            owner = try store.localUser(now: context.environment.clock.now()).id
        } catch {
            throw CommandError.store(error)
        }
        let settings = (try? ConfigFile(path: paths.configFile).load()) ?? [:]
        return ReplicaBackend(
            mode: .server(url: server), store: store, owner: owner,
            sync: ReplicaSync(
                store: store, owner: owner, client: client, clock: context.environment.clock),
            remote: remote, session: SyncSession(), timeout: ConfigFile.syncTimeout(settings),
            features: ServerFeatureNotes(path: paths.serverFeaturesFile),
            clock: context.environment.clock, notes: context.errorOutput)
    }

    /// Why no copy can be opened when the session is the cause: the saved
    /// sign-in cannot be read, or there is none while the copy kept for this
    /// server holds changes not sent (`KeptReplica`). Either is said with
    /// what happens to those changes, never as another cause (an older
    /// server, no list saved). `nil` otherwise.
    static func sessionProblem(client: HabitAPIClient, paths: CLIPaths, clock: WallClock)
        -> CommandError?
    {
        // A copy that cannot be read is reported when a command opens it;
        // here it only goes unmentioned.
        func waiting() -> Int {
            (try? KeptReplica.find(client: client, paths: paths)?.waiting(
                paths: paths, clock: clock)) ?? 0
        }
        let status: SignInStatus
        do {
            status = try client.signInStatus()
        } catch {
            return CommandError.api(error).keepingChanges(waiting())
        }
        guard status.session == nil else { return nil }
        let kept = waiting()
        return kept > 0 ? .notSignedIn(keeping: kept) : nil
    }

    /// Refuses a copy that is an empty file: SQLite would take it for a new
    /// database, and the copy would look new, its waiting changes silently
    /// gone. Checked before opening: a new copy does not exist yet then,
    /// and gets its tables in the same command. One stat(2) per server-mode
    /// command (`attributesOfItem` would also look up the owner's name).
    static func checkNotCutShort(_ path: String) throws(CommandError) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size == 0 else {
            return
        }
        throw .replicaCutShort(path: path)
    }
}

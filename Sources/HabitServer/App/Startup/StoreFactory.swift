import Foundation
import HabitPostgres
import HabitStorage
import HabitStore

/// A store the server can run on: the repositories, and closing at shutdown.
package protocol ServerStore: HabitRepository, AuthRepository, IdempotencyRepository,
    OperationsRepository, ChangeFeedRepository, AccessTokenRepository,
    ReminderRepository, DigestRepository
{
    func close()
}

extension SQLiteStore: ServerStore {}
extension PostgresStore: ServerStore {}

/// Opens the store that `--database` (or `HABITS_DATABASE_URL`) names: a
/// `postgres://` or `postgresql://` URL opens PostgreSQL, anything else is a
/// SQLite file (or `:memory:`).
///
/// The one place that knows which stores exist, so the rest of the server
/// sees only `ServerStore`.
enum StoreFactory {
    static func isPostgres(_ database: String) -> Bool {
        PostgresURL.isPostgres(database)
    }

    /// The store for `configuration`; a failure is one sentence naming the
    /// database (never its password) and what went wrong.
    static func open(_ configuration: ServerConfiguration, environment: [String: String])
        throws(StoreError) -> any ServerStore
    {
        if let url = PostgresURL(configuration.databasePath) {
            return try PostgresStore(
                url: url, poolSize: configuration.databasePoolSize, environment: environment)
        }
        return try SQLiteStore(
            path: configuration.databasePath, readerCount: configuration.databaseReaders)
    }

    /// The lock that keeps `habits-server restore` off a SQLite database
    /// while this server has it open; `nil` for PostgreSQL and `:memory:`.
    static func serverLock(for configuration: ServerConfiguration)
        throws(ServerStartupError) -> SQLiteServerLock?
    {
        let path = configuration.databasePath
        guard !isPostgres(path), path != SQLiteStore.inMemoryPath else { return nil }
        do throws(SQLiteServerLock.Failure) {
            return try SQLiteServerLock(database: path, mode: .serving)
        } catch {
            switch error {
            case .held:
                throw ServerStartupError(
                    "\(path) is being restored by habits-server restore; start the server "
                        + "once the restore has finished.")
            case .cannotOpen(let lockPath, let reason):
                throw ServerStartupError("Cannot open the lock file \(lockPath): \(reason).")
            }
        }
    }

    /// The directory to create before start-up writes files: the SQLite
    /// file's, or with PostgreSQL the secret file's; `nil` for none.
    static func directoryToCreate(for configuration: ServerConfiguration) -> String? {
        let path = configuration.databasePath
        if isPostgres(path) {
            return configuration.secretFile.map { ($0 as NSString).deletingLastPathComponent }
        }
        if path == SQLiteStore.inMemoryPath { return nil }
        return (path as NSString).deletingLastPathComponent
    }

    /// The database as logs and messages may show it: a URL without its password.
    static func displayName(_ database: String) -> String {
        PostgresURL(database)?.description ?? database
    }
}

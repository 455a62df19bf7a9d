import Foundation
import HabitPostgres
import HabitStore

/// `habits-server restore --from FILE [--database PATH]`: puts a backup
/// made by `habits-server backup` into an empty SQLite database.
///
/// A database that holds accounts is refused, so a restore never mixes or
/// replaces data, and so is one a running server has open
/// (`SQLiteServerLock`). For PostgreSQL, backups are pg_dump's, restored with
/// pg_restore; a SQLite backup goes into PostgreSQL with `migrate`.
package enum RestoreCommand {
    package static let usage = """
        Usage: habits-server restore --from FILE [--database PATH]

        Copies the backup FILE into the database, which must be new or empty
        (a database with accounts is refused) and not open in a running
        habits-server (stop the servers using it first). --database defaults
        to the server's: $HABITS_DATABASE_URL, else
        $XDG_DATA_HOME/habits-server/habits.sqlite3. A PostgreSQL database is
        restored with pg_restore; "habits-server migrate" copies a SQLite
        backup into one.
        """

    package static func run(
        _ arguments: [String], environment: [String: String],
        output: (String) -> Void, errors: (String) -> Void
    ) -> Int32 {
        let backup: String
        let database: String
        switch SubcommandArguments.read(
            arguments, command: "restore", file: "--from",
            missing: "name the backup to restore with --from FILE.", usage: usage,
            environment: environment, output: output, errors: errors)
        {
        case .finished(let status): return status
        case .parsed(let file, let given):
            backup = file
            database = given
        }
        if let url = PostgresURL(database) {
            errors(
                "habits-server restore: \(url) is a PostgreSQL database; restore a pg_dump "
                    + "backup with pg_restore, or copy a SQLite backup in with "
                    + "\"habits-server migrate --from sqlite:\(backup)\".")
            return 64
        }
        guard database != SQLiteStore.inMemoryPath else {
            errors("habits-server restore: restore into a database file, not :memory:.")
            return 64
        }
        let directory = (database as NSString).deletingLastPathComponent
        if !directory.isEmpty && !FileManager.default.fileExists(atPath: directory) {
            try? FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        }
        let counts: SQLiteBackup.Counts
        do throws(SQLiteBackupError) {
            counts = try SQLiteBackup.restore(from: backup, into: database)
        } catch {
            errors("habits-server restore: \(BackupFailure.sentence(error))")
            return 1
        }
        output(
            "Restored \(counts.accounts) accounts, \(counts.habits) habits and "
                + "\(counts.progress) progress entries from \(backup) into \(database).")
        return 0
    }
}

import Foundation
import HabitPostgres
import HabitStore

/// `habits-server backup --to FILE [--database PATH]`: a consistent copy of
/// the SQLite database, taken while servers use it.
///
/// PostgreSQL has its own tool for this, which knows its storage better than
/// we could: for a `postgres://` database the command says so and prints the
/// `pg_dump` command line to run, without the password.
package enum BackupCommand {
    package static let usage = """
        Usage: habits-server backup --to FILE [--database PATH|URL]

        Writes a consistent copy of the SQLite database to FILE (mode 0600;
        never overwriting an existing file) while servers keep using it.
        --database defaults to the server's: $HABITS_DATABASE_URL, else
        $XDG_DATA_HOME/habits-server/habits.sqlite3. For a PostgreSQL database
        it prints the pg_dump command to use instead. "habits-server restore"
        puts a backup back.
        """

    package static func run(
        _ arguments: [String], environment: [String: String],
        output: (String) -> Void, errors: (String) -> Void
    ) -> Int32 {
        let destination: String
        let database: String
        switch SubcommandArguments.read(
            arguments, command: "backup", file: "--to",
            missing: "name the file to write with --to FILE.", usage: usage,
            environment: environment, output: output, errors: errors)
        {
        case .finished(let status): return status
        case .parsed(let file, let given):
            destination = file
            database = given
        }
        if let url = PostgresURL(database) {
            errors(
                "habits-server backup: \(url) is a PostgreSQL database; back it up with "
                    + "pg_dump (the password comes from PGPASSWORD or ~/.pgpass):")
            output(pgDumpCommand(url: url, file: destination))
            return 1
        }
        guard database != SQLiteStore.inMemoryPath else {
            errors("habits-server backup: an in-memory database cannot be backed up.")
            return 64
        }
        do throws(SQLiteBackupError) {
            try SQLiteBackup.copy(database: database, to: destination)
        } catch {
            errors("habits-server backup: \(BackupFailure.sentence(error))")
            return 1
        }
        output("Backed up \(database) to \(destination).")
        return 0
    }

    /// The pg_dump command line for `url`, quoted for a POSIX shell.
    ///
    /// The sign-in state (pending codes, the code-request history the
    /// limits count) is left out, as `restore` leaves it out of a SQLite
    /// backup: it belongs to the servers of the source, and restored it would
    /// refuse the first code requests of the new ones.
    static func pgDumpCommand(url: PostgresURL, file: String) -> String {
        let signInState = ["login_codes", "code_sends", "code_requests"]
            .map { "--exclude-table-data=\($0)" }.joined(separator: " ")
        return "pg_dump --format=custom \(signInState) --file=\(shellQuoted(file)) "
            + "--dbname=\(shellQuoted(url.description))"
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

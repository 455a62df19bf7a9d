import Foundation
import HabitPostgres
import HabitStorage
import HabitStore

/// `habits-server migrate --from sqlite:PATH --to postgres://…`: copies a
/// SQLite database into an empty PostgreSQL one.
///
/// The PostgreSQL schema is created first if needed; the copy is one
/// transaction there, so a failure leaves the database as it was, and the
/// SQLite file is only read. Stop the SQLite server first, or writes made
/// during the copy stay behind.
package enum StoreMigrationCommand {
    package static let usage = """
        Usage: habits-server migrate --from sqlite:PATH --to postgres://user@host:port/db

        Copies accounts, habits, progress and sign-in sessions from a SQLite
        database into an empty PostgreSQL database, keeping every id. The
        SQLite file is only read. --to defaults to $HABITS_DATABASE_URL, so the
        password need not be on the command line; libpq's PG* variables and
        ~/.pgpass apply. Pending sign-in codes and idempotency keys are not
        copied (they expire within a day).
        """

    /// Runs the command for `arguments` (after `migrate`); returns the exit
    /// status: 0 copied, 1 failed, 64 usage error. Writes its one-line
    /// outcome to `output` and failures to `errors`.
    package static func run(
        _ arguments: [String], environment: [String: String],
        output: (String) -> Void, errors: (String) -> Void
    ) -> Int32 {
        let values: [String: String]
        do {
            values = try SubcommandArguments.parse(
                arguments, command: "migrate", names: ["--from", "--to"])
        } catch {
            if error == .help {
                output(usage)
                return 0
            }
            errors(error.description)
            return 64
        }
        let from = values["--from"]
        let to =
            values["--to"] ?? environment["HABITS_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        guard let from, from.hasPrefix("sqlite:"), from.count > "sqlite:".count else {
            errors(
                "habits-server migrate: name the SQLite database as --from sqlite:PATH.")
            return 64
        }
        guard let target = to, let url = PostgresURL(target) else {
            errors(
                "habits-server migrate: name the PostgreSQL database as --to postgres://… "
                    + "(or set HABITS_DATABASE_URL).")
            return 64
        }
        let path = String(from.dropFirst("sqlite:".count))
        guard FileManager.default.fileExists(atPath: path) else {
            errors("habits-server migrate: there is no SQLite database at \(path).")
            return 1
        }
        do throws(StoreError) {
            let source = try SQLiteStore(path: path, readerCount: 0)
            defer { source.close() }
            let export = try source.export()
            let destination = try PostgresStore(url: url, poolSize: 1, environment: environment)
            defer { destination.close() }
            let counts = try destination.importRows(export)
            output(
                "Copied \(counts.users) accounts, \(counts.habits) habits, "
                    + "\(counts.progress) progress entries and \(counts.sessions) sign-in "
                    + "sessions from \(path) to \(url).")
            return 0
        } catch {
            errors("habits-server migrate: \(url.redacting(error.description))")
            return 1
        }
    }
}

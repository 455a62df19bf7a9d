import HabitStore

/// The sentences of backup and restore failures, in one place.
enum BackupFailure {
    static func sentence(_ error: SQLiteBackupError) -> String {
        switch error {
        case .destinationExists(let path):
            return "\(path) exists already; choose a new file name (backups never overwrite)."
        case .notAHabitsDatabase(let path):
            return "\(path) is not a habits database."
        case .damaged(let path):
            return "\(path) is damaged (SQLite's check failed); use another backup."
        case .newerSchema(let found, let supported):
            return
                "the backup has schema version \(found), newer than this habits-server's "
                + "\(supported); restore it with a newer habits-server."
        case .databaseInUse(let path):
            return
                "\(path) is open in a running habits-server; stop the servers using it, "
                + "then restore again."
        case .targetNotEmpty(let path, let accounts):
            return
                "\(path) is not empty (\(accounts) accounts); restore only into a new or "
                + "empty database, e.g. --database with a new file name."
        case .store(let error):
            return "\(error)"
        }
    }
}

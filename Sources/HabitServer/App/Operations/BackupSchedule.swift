import Foundation

/// `--backup-dir DIR --backup-every 24h --backup-keep 7`: when the next
/// scheduled backup is due, what it is called, and which old ones go.
///
/// Pure: it is given the names in the directory and the time. Backups are
/// named `habits-YYYYMMDDTHHMMSSZ.sqlite3` (UTC), so the names sort by age
/// and the newest tells when the last backup was taken, whichever process
/// took it: several servers sharing a database take one backup between them.
package struct BackupSchedule: Hashable, Sendable {
    package var directory: String
    /// Seconds between backups.
    package var interval: Int
    /// Backups kept; older ones are deleted after each new one.
    package var keep: Int

    package init(directory: String, interval: Int = 86_400, keep: Int = 7) {
        self.directory = directory
        self.interval = interval
        self.keep = keep
    }

    static let prefix = "habits-"
    static let suffix = ".sqlite3"

    /// The file name of a backup taken at `date`.
    static func fileName(at date: Date) -> String {
        prefix + stampFormat.string(from: date) + suffix
    }

    /// When the backup named `name` was taken; `nil` for any other file.
    static func date(ofFile name: String) -> Date? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let stamp = name.dropFirst(prefix.count).dropLast(suffix.count)
        return stampFormat.date(from: String(stamp))
    }

    /// What to do now, given the names in the directory.
    package struct Plan: Hashable, Sendable {
        /// The backup to take now, if one is due.
        package var take: String?
        /// Backups to delete once it is taken (oldest first).
        package var delete: [String]
        /// When to look again.
        package var nextCheck: Date
    }

    /// Due when there is no backup yet, or the newest is `interval` old; the
    /// backups beyond the newest `keep` (counting the new one) are deleted.
    package func plan(existing names: [String], now: Date) -> Plan {
        let backups = names.compactMap { name in Self.date(ofFile: name).map { (name, $0) } }
            .sorted { $0.1 < $1.1 }
        let newest = backups.last?.1
        let due = newest.map { now.timeIntervalSince($0) >= TimeInterval(interval) } ?? true
        guard due else {
            return Plan(
                take: nil, delete: [],
                nextCheck: newest!.addingTimeInterval(TimeInterval(interval)))
        }
        let name = Self.fileName(at: now)
        let kept = backups.map(\.0).filter { $0 != name }
        let excess = max(0, kept.count + 1 - keep)
        return Plan(
            take: name, delete: Array(kept.prefix(excess)),
            nextCheck: now.addingTimeInterval(TimeInterval(interval)))
    }

    /// Made per use: a `DateFormatter` may not be shared between threads.
    private static var stampFormat: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter
    }
}

/// How `habits-server` is run as a service: the shutdown bound, scheduled
/// backups and the metrics endpoint. The sign-up policy is part of the
/// API's settings (`APISettings.signup`), since the API enforces it.
package struct ServerOperations: Hashable, Sendable {
    /// How long SIGTERM waits for requests in flight before the process exits anyway.
    package var shutdownTimeout: Int = 30
    /// Scheduled backups, when `--backup-dir` is given.
    package var backups: BackupSchedule?
    /// `host:port` of the separate metrics listener (`--metrics-listen`).
    package var metricsListen: String?
    /// The file holding the bearer token that opens `/metrics` on the API's port.
    package var metricsTokenFile: String?

    package init() {}
}

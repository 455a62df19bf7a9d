import HabitHTTP

/// `habits-server --print-config`: the effective configuration, one
/// `name = value` line per setting, named as the flags are, with secrets
/// masked: the signing secret shows only where it comes from, a PostgreSQL
/// URL loses its password, and files holding secrets are named, not read.
package enum ConfigurationReport {
    package static func render(_ configuration: ServerConfiguration, environment: [String: String])
        -> String
    {
        let settings = configuration.settings
        let operations = configuration.operations
        var lines: [(String, String)] = [
            ("host", configuration.host),
            ("port", String(configuration.port)),
            ("database", StoreFactory.displayName(configuration.databasePath)),
            ("database-pool", String(configuration.databasePoolSize)),
            ("secret", secretSource(configuration, environment)),
        ]
        switch configuration.mail {
        case .outbox(let directory): lines.append(("outbox", directory))
        case .command(let command): lines.append(("mail-command", command))
        }
        lines += [
            ("access-ttl", String(settings.accessTokenLifetime)),
            ("refresh-ttl", String(settings.refreshTokenLifetime)),
            ("refresh-grace", String(settings.refreshGrace)),
            ("log-level", configuration.logLevel.description),
            ("max-connections", String(configuration.maxConnections)),
            ("max-connections-per-client", String(configuration.maxConnectionsPerClient)),
            ("responder-threads", String(configuration.responderThreads)),
            ("event-loops", configuration.eventLoops.map(String.init) ?? "one per core"),
            ("signup", settings.signup.mode.rawValue),
            (
                "allowed-emails",
                settings.signup.mode == .allowlist
                    ? "\(settings.signup.allowed.addresses.count) addresses, "
                        + "\(settings.signup.allowed.domains.count) domains" : "-"
            ),
            ("max-accounts", settings.signup.maximumAccounts.map(String.init) ?? "no limit"),
            ("shutdown-timeout", String(operations.shutdownTimeout)),
            ("backup-dir", operations.backups?.directory ?? "-"),
            ("backup-every", operations.backups.map { "\($0.interval)s" } ?? "-"),
            ("backup-keep", operations.backups.map { String($0.keep) } ?? "-"),
            ("metrics-listen", operations.metricsListen ?? "off"),
            ("web", configuration.servesWebApp ? "on" : "off (--no-web)"),
            (
                "metrics-token-file",
                operations.metricsTokenFile.map { "\($0) (token hidden)" } ?? "-"
            ),
            ("allow-private-targets", configuration.reminders.allowPrivateTargets ? "yes" : "no"),
            ("reminder-interval", String(configuration.reminders.interval)),
            ("public-url", configuration.reminders.publicURL ?? "-"),
        ]
        if StoreFactory.isPostgres(configuration.databasePath) {
            let passwordSource =
                environment["PGPASSWORD"].map { _ in "PGPASSWORD (hidden)" }
                ?? environment["PGPASSFILE"].map { "PGPASSFILE \($0)" } ?? "~/.pgpass or none"
            lines.append(("postgres-password", passwordSource))
        }
        return lines.map { "\($0.0) = \(printable($0.1))" }.joined(separator: "\n")
    }

    private static func secretSource(
        _ configuration: ServerConfiguration, _ environment: [String: String]
    ) -> String {
        if environment[ServerSecret.environmentVariable] != nil {
            return "\(ServerSecret.environmentVariable) (hidden)"
        }
        if let file = configuration.secretFile { return "file \(file) (hidden)" }
        return "made up for this run"
    }

    /// Values may come from the environment: control characters are shown escaped.
    private static func printable(_ text: String) -> String {
        String(
            text.unicodeScalars.flatMap { scalar -> [Character] in
                scalar.value < 0x20 || scalar.value == 0x7F
                    ? Array("\\u{\(String(scalar.value, radix: 16))}") : [Character(scalar)]
            })
    }
}

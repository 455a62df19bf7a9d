/// How the server sends reminders and webhook deliveries.
package struct ReminderConfiguration: Hashable, Sendable {
    /// `--allow-private-targets`: webhooks and ntfy topics may be on
    /// loopback and private networks, and then plain http too.
    package var allowPrivateTargets = false
    /// Seconds between two runs of the reminder runner; 0 runs none (a test
    /// then calls `ReminderRunner.tick()` itself).
    package var interval = 30
    /// How late a missed reminder is still sent (`ReminderGrace`).
    package var graceSeconds = 30 * 60
    /// The address notifications link to (`--public-url`); by default the
    /// server's own `http://HOST:PORT/`.
    package var publicURL: String?
    /// Seconds one webhook or ntfy delivery may take in all (connecting,
    /// sending, the answer) before it counts as failed (`SocketPoster`);
    /// tests shorten it.
    package var deliveryDeadline: Double = 10

    package init() {}
}

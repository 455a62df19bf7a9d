/// How the server sends reminders and webhook deliveries.
public struct ReminderConfiguration: Hashable, Sendable {
    /// `--allow-private-targets`: webhooks and ntfy topics may be on
    /// loopback and private networks, and then plain http too.
    public var allowPrivateTargets = false
    /// Seconds between two runs of the reminder runner; 0 runs none (a test
    /// then calls `ReminderRunner.tick()` itself).
    public var interval = 30
    /// How late a missed reminder is still sent (`ReminderGrace`).
    public var graceSeconds = 30 * 60
    /// The address notifications link to (`--public-url`); by default the
    /// server's own `http://HOST:PORT/`.
    public var publicURL: String?
    /// Seconds one webhook or ntfy delivery may take in all (connecting,
    /// sending, the answer) before it counts as failed (`SocketPoster`);
    /// tests shorten it.
    public var deliveryDeadline: Double = 10

    public init() {}
}

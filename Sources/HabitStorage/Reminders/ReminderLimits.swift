/// How much of the reminder and webhook machinery one account may hold, so
/// the work of a runner tick and the storage of one user stay bounded.
public enum ReminderLimits {
    /// Reminder times per habit.
    public static let remindersPerHabit = 10
    /// Channels (mail, ntfy topics) per user.
    public static let channelsPerUser = 10
    /// Webhook endpoints per user.
    public static let webhooksPerUser = 10
    /// Deliveries a listing of one endpoint shows, newest first.
    public static let deliveriesListed = 50
}

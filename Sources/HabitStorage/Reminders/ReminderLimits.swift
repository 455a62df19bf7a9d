/// How much of the reminder and webhook machinery one account may hold, so
/// the work of a runner tick and the storage of one user stay bounded.
package enum ReminderLimits {
    /// Reminder times per habit.
    package static let remindersPerHabit = 10
    /// Channels (mail, ntfy topics) per user.
    package static let channelsPerUser = 10
    /// Webhook endpoints per user.
    package static let webhooksPerUser = 10
    /// Deliveries a listing of one endpoint shows, newest first.
    package static let deliveriesListed = 50
}

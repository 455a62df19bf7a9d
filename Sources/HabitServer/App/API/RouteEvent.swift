/// The webhook event a write route raises, as its `RouteTable` declaration
/// names it (`WebhookEventMiddleware` binds it around the handler).
enum RouteEvent: Sendable {
    /// `POST /api/me/habits/`: the id is known only inside the write.
    case habitCreated
    case habitUpdated
    case habitDeleted
    /// A day's entry, or a batch of them (then without a date).
    case entryUpdated
    case entryDeleted

    /// The event's `type`.
    var type: String {
        switch self {
        case .habitCreated, .habitUpdated, .habitDeleted: return "habit.changed"
        case .entryUpdated, .entryDeleted: return "entry.changed"
        }
    }

    /// Its data's `action`.
    var action: String {
        switch self {
        case .habitCreated: return "created"
        case .habitUpdated, .entryUpdated: return "updated"
        case .habitDeleted, .entryDeleted: return "deleted"
        }
    }
}

import HabitStore

/// Which routes a personal access token may use: the scope rules in one
/// pure function.
///
/// `read`: GET and HEAD of the account's routes. `check-in`: progress
/// writes (`PUT`/`DELETE …/progress/{date}/`, `POST …/increment/`, `PUT
/// …/progress/`), of its habit only when it names one. `write`: every
/// route of the account. No token manages tokens: that takes a signed-in
/// session. The calendar feed and the check-in URL check their own token.
enum AccessPermission {
    static func allows(
        _ scope: AccessScope, habitID: Int64?, route: Route, method: String
    ) -> Bool {
        switch route {
        case .accessTokens, .accessToken:
            return false
        case .requestCode, .issueTokens, .refreshTokens, .logout, .calendar, .checkIn:
            // Public routes; a token sent to them is not what they read.
            return true
        case .account, .changes, .habits, .habit, .progress, .progressDay, .progressIncrement,
            .habitReminders, .habitReminder, .reminders, .channels, .channel, .webhooks, .webhook,
            .webhookDeliveries:
            break
        }
        let isRead = method == "GET" || method == "HEAD"
        switch scope {
        case .read:
            return isRead
        case .write:
            return true
        case .checkIn:
            guard !isRead else { return false }
            switch route {
            case .progress(let id), .progressDay(let id, _), .progressIncrement(let id, _):
                return habitID.map { $0 == id } ?? true
            default:
                return false
            }
        }
    }
}

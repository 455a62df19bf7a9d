/// The API's addresses, recognised from a request path.
///
/// Paths are matched segment by segment under `/api/`. The contract writes
/// them with a trailing slash; the same path without it is accepted too, so
/// `/api/me` and `/api/me/` are one route. Empty segments (`//`), `.` and `..`
/// match nothing, and so does an id that is not a plain decimal number that
/// fits Int64: those paths are 404, never an error of the server.
package enum Route: Hashable, Sendable {
    case requestCode
    case issueTokens
    case refreshTokens
    case logout
    case account
    case habits
    case habit(id: Int64)
    case progress(habitID: Int64)
    /// The date is checked by the handler, so a bad one is a 400 naming it.
    case progressDay(habitID: Int64, date: String)
    /// `…/progress/{date}/increment/`: adds to that day's value atomically.
    case progressIncrement(habitID: Int64, date: String)
    /// `/api/me/changes/`: the change feed (sync).
    case changes
    /// `/api/me/tokens/`: the account's personal access tokens.
    case accessTokens
    /// `/api/me/tokens/{id}/`: one of them, to revoke.
    case accessToken(id: Int64)
    /// `/api/me/calendar.ics`: the calendar feed (a read token in the query).
    case calendar
    /// `/api/checkin/{token}/`: the check-in URL of a one-habit check-in
    /// token. The token is checked by the handler.
    case checkIn(token: String)
    /// Reminders and webhooks (see `APIResponder+Reminders`).
    case habitReminders(habitID: Int64)
    case habitReminder(habitID: Int64, id: Int64)
    case reminders
    case channels
    case channel(id: Int64)
    case webhooks
    case webhook(id: Int64)
    case webhookDeliveries(webhookID: Int64)
    /// `/api/me/digest/`: the account's daily digest time (`APIResponder+Digest`).
    case digest

    /// The habit the path names (its `{id}` under `me/habits/`); 0, which
    /// no habit has, for a route without one.
    package var habitID: Int64 {
        switch self {
        case .habit(let id), .progress(let id), .progressDay(let id, _),
            .progressIncrement(let id, _), .habitReminders(let id), .habitReminder(let id, _):
            return id
        default:
            return 0
        }
    }

    /// The `{date}` of a day's route, as sent (the handler checks it);
    /// empty for a route without one.
    package var date: String {
        switch self {
        case .progressDay(_, let date), .progressIncrement(_, let date): return date
        default: return ""
        }
    }

    /// The `{id}` of a token, channel or webhook; 0, which none has, for
    /// another route.
    package var resourceID: Int64 {
        switch self {
        case .accessToken(let id), .channel(let id), .webhook(let id), .webhookDeliveries(let id):
            return id
        default:
            return 0
        }
    }

    /// The path as the contract writes it, ids and dates as placeholders:
    /// what the request log shows (`/api/me/habits/{id}/`), so no segment
    /// a client sent reaches the log.
    package var template: String {
        switch self {
        case .requestCode: return "/api/auth/email/"
        case .issueTokens: return "/api/auth/token/"
        case .refreshTokens: return "/api/auth/token/refresh/"
        case .logout: return "/api/auth/logout/"
        case .account: return "/api/me/"
        case .habits: return "/api/me/habits/"
        case .habit: return "/api/me/habits/{id}/"
        case .progress: return "/api/me/habits/{id}/progress/"
        case .progressDay: return "/api/me/habits/{id}/progress/{date}/"
        case .progressIncrement: return "/api/me/habits/{id}/progress/{date}/increment/"
        case .changes: return "/api/me/changes/"
        case .accessTokens: return "/api/me/tokens/"
        case .accessToken: return "/api/me/tokens/{id}/"
        case .calendar: return "/api/me/calendar.ics"
        case .checkIn: return "/api/checkin/{token}/"
        case .habitReminders: return "/api/me/habits/{id}/reminders/"
        case .habitReminder: return "/api/me/habits/{id}/reminders/{reminder_id}/"
        case .reminders: return "/api/me/reminders/"
        case .channels: return "/api/me/channels/"
        case .channel: return "/api/me/channels/{id}/"
        case .webhooks: return "/api/me/webhooks/"
        case .webhook: return "/api/me/webhooks/{id}/"
        case .webhookDeliveries: return "/api/me/webhooks/{id}/deliveries/"
        case .digest: return "/api/me/digest/"
        }
    }

    /// The route at `path`, or `nil` when there is none.
    ///
    /// Matched on the UTF-8 bytes: every word of a route is lowercase ASCII,
    /// which no other Unicode text equals, so this is what comparing the
    /// segments as strings gave, without making a string of each (measured
    /// with callgrind: 15,000 instructions of a PUT went to that).
    package init?(path: String) {
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/") else { return nil }
        var segments = bytes.dropFirst().split(
            separator: UInt8(ascii: "/"), maxSplits: 8, omittingEmptySubsequences: false)
        if segments.last?.isEmpty == true { segments.removeLast() }
        guard segments.count <= 7, let first = segments.first, first.elementsEqual("api".utf8),
            !segments.contains(where: \.isEmpty)
        else { return nil }
        func segment(_ index: Int, is word: StaticString) -> Bool {
            let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            return segments[index].elementsEqual(text)
        }
        let isHabit = segments.count >= 4 && segment(1, is: "me") && segment(2, is: "habits")
        let isProgress = isHabit && segments.count >= 5 && segment(4, is: "progress")
        let isReminders = isHabit && segments.count >= 5 && segment(4, is: "reminders")
        let isWebhook = segments.count >= 3 && segment(1, is: "me") && segment(2, is: "webhooks")
        switch segments.count - 1 {
        case 2 where segment(1, is: "auth") && segment(2, is: "email"): self = .requestCode
        case 2 where segment(1, is: "auth") && segment(2, is: "token"): self = .issueTokens
        case 3 where segment(1, is: "auth") && segment(2, is: "token") && segment(3, is: "refresh"):
            self = .refreshTokens
        case 2 where segment(1, is: "auth") && segment(2, is: "logout"): self = .logout
        case 1 where segment(1, is: "me"): self = .account
        case 2 where segment(1, is: "me") && segment(2, is: "habits"): self = .habits
        case 2 where segment(1, is: "me") && segment(2, is: "changes"): self = .changes
        case 2 where segment(1, is: "me") && segment(2, is: "tokens"): self = .accessTokens
        case 3 where segment(1, is: "me") && segment(2, is: "tokens"):
            guard let id = Self.id(segments[3]) else { return nil }
            self = .accessToken(id: id)
        case 2 where segment(1, is: "me") && segment(2, is: "calendar.ics"): self = .calendar
        case 2 where segment(1, is: "checkin"):
            self = .checkIn(token: String(Substring(segments[2])))
        case 3 where isHabit:
            guard let id = Self.id(segments[3]) else { return nil }
            self = .habit(id: id)
        case 4 where isProgress:
            guard let id = Self.id(segments[3]) else { return nil }
            self = .progress(habitID: id)
        case 5 where isProgress:
            guard let id = Self.id(segments[3]) else { return nil }
            self = .progressDay(habitID: id, date: String(Substring(segments[5])))
        case 6 where isProgress && segment(6, is: "increment"):
            guard let id = Self.id(segments[3]) else { return nil }
            self = .progressIncrement(habitID: id, date: String(Substring(segments[5])))
        case 4 where isReminders:
            guard let id = Self.id(segments[3]) else { return nil }
            self = .habitReminders(habitID: id)
        case 5 where isReminders:
            guard let habitID = Self.id(segments[3]), let id = Self.id(segments[5]) else {
                return nil
            }
            self = .habitReminder(habitID: habitID, id: id)
        case 2 where segment(1, is: "me") && segment(2, is: "reminders"): self = .reminders
        case 2 where segment(1, is: "me") && segment(2, is: "digest"): self = .digest
        case 2 where segment(1, is: "me") && segment(2, is: "channels"): self = .channels
        case 3 where segment(1, is: "me") && segment(2, is: "channels"):
            guard let id = Self.id(segments[3]) else { return nil }
            self = .channel(id: id)
        case 2 where isWebhook: self = .webhooks
        case 3 where isWebhook:
            guard let id = Self.id(segments[3]) else { return nil }
            self = .webhook(id: id)
        case 4 where isWebhook && segment(4, is: "deliveries"):
            guard let id = Self.id(segments[3]) else { return nil }
            self = .webhookDeliveries(webhookID: id)
        default:
            return nil
        }
    }

    /// A decimal id of ASCII digits that fits Int64; anything else is no id.
    private static func id(_ text: Substring.UTF8View) -> Int64? {
        guard !text.isEmpty, text.count <= 19,
            text.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        // Int64's own parsing; nil past Int64.max.
        return Int64(Substring(text))
    }
}

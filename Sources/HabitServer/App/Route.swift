/// The API's addresses, recognised from a request path.
///
/// Paths are matched segment by segment under `/api/`. The contract writes
/// them with a trailing slash; the same path without it is accepted too, so
/// `/api/me` and `/api/me/` are one route. Empty segments (`//`), `.` and `..`
/// match nothing, and so does an id that is not a plain decimal number that
/// fits Int64: those paths are 404, never an error of the server.
enum Route: Hashable, Sendable {
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

    /// The methods the route answers, for 405's `Allow` header. HEAD goes
    /// wherever GET does: the HTTP layer answers it as a GET without the body.
    var allowedMethods: [String] {
        switch self {
        case .requestCode, .issueTokens, .refreshTokens, .logout, .progressIncrement:
            return ["POST"]
        case .account: return ["GET", "HEAD"]
        case .progress: return ["GET", "HEAD", "PUT"]
        case .habits: return ["GET", "HEAD", "POST"]
        case .habit: return ["GET", "HEAD", "PATCH", "DELETE"]
        case .progressDay: return ["PUT", "DELETE"]
        }
    }

    /// The route at `path`, or `nil` when there is none.
    init?(path: String) {
        guard path.hasPrefix("/") else { return nil }
        var segments = path.utf8.dropFirst().split(
            separator: UInt8(ascii: "/"), omittingEmptySubsequences: false
        ).map { Substring($0) }
        if segments.last == "" { segments.removeLast() }
        guard segments.first == "api", !segments.contains(where: \.isEmpty) else { return nil }
        let rest = Array(segments.dropFirst())
        switch rest.count {
        case 2 where rest == ["auth", "email"]: self = .requestCode
        case 2 where rest == ["auth", "token"]: self = .issueTokens
        case 3 where rest == ["auth", "token", "refresh"]: self = .refreshTokens
        case 2 where rest == ["auth", "logout"]: self = .logout
        case 1 where rest == ["me"]: self = .account
        case 2 where rest == ["me", "habits"]: self = .habits
        case 3 where rest[0] == "me" && rest[1] == "habits":
            guard let id = Self.id(rest[2]) else { return nil }
            self = .habit(id: id)
        case 4 where rest[0] == "me" && rest[1] == "habits" && rest[3] == "progress":
            guard let id = Self.id(rest[2]) else { return nil }
            self = .progress(habitID: id)
        case 5 where rest[0] == "me" && rest[1] == "habits" && rest[3] == "progress":
            guard let id = Self.id(rest[2]) else { return nil }
            self = .progressDay(habitID: id, date: String(rest[4]))
        case 6
        where rest[0] == "me" && rest[1] == "habits" && rest[3] == "progress"
            && rest[5] == "increment":
            guard let id = Self.id(rest[2]) else { return nil }
            self = .progressIncrement(habitID: id, date: String(rest[4]))
        default:
            return nil
        }
    }

    /// A decimal id of ASCII digits that fits Int64; anything else is no id.
    private static func id(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.count <= 19,
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int64(text)
    }
}

import HabitAPI
import HabitStorage

/// Which routes a personal access token may use: the scope rules in one
/// pure function, applied to the reach `RouteTable` declares.
///
/// `read`: GET and HEAD of the account's routes. `check-in`: progress
/// writes (`PUT`/`DELETE …/progress/{date}/`, `POST …/increment/`, `PUT
/// …/progress/`), of its habit only when it names one. `write`: every
/// route of the account. No token manages tokens: that takes a signed-in
/// session. The calendar feed and the check-in URL check their own token.
enum AccessPermission {
    /// Whether a token of `scope` (bound to `habitID` when it names one)
    /// may call `route`, which `RouteTable` declares reachable by `reach`.
    static func allows(
        _ scope: AccessScope, habitID: Int64?, route: Route, reach: TokenReach
    ) -> Bool {
        switch (reach, scope) {
        case (.never, _):
            return false
        case (_, .write):
            return true
        case (.read, .read):
            return true
        case (.checkIn, .checkIn):
            return habitID.map { $0 == route.id("id") } ?? true
        case (.read, .checkIn), (.checkIn, .read), (.write, .read), (.write, .checkIn):
            return false
        }
    }
}

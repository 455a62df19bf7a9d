/// What kind of route a response came from, which decides what some statuses mean.
enum ResponseContext: Sendable {
    /// `POST auth/email/`: no session involved.
    case requestCode
    /// `POST auth/token/`: a 400 or 401 means the code was not accepted.
    case signIn
    /// `POST auth/token/refresh/`.
    case refresh
    /// A route under `me/` other than one habit: 401 means signed out or expired.
    case account
    /// A route of one habit: 404 means no such habit (or another account's).
    case habit
}

import HabitCore

extension APIError {
    /// 503 while the database cannot be reached (a PostgreSQL restart, say):
    /// nothing was done, and the same request may be sent again shortly.
    static let storeUnavailable = APIError(
        status: 503, code: APIErrorCode.databaseUnavailable,
        message: "The database is unavailable for a moment; try again shortly.",
        headers: [("Retry-After", "1")])
}

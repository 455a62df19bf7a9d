import HabitStorage

/// Whether the server can answer API requests now, as `/readyz` reports it.
///
/// Worked out from the database probe's outcome alone, so the rule is tested
/// without a database: ready when the probe passed; otherwise not, with a
/// reason an operator can act on and that shows nothing of the database's
/// address or data (the endpoint answers anyone).
struct Readiness: Hashable, Sendable {
    /// `nil` when ready.
    var reason: String?

    var isReady: Bool { reason == nil }

    /// 200 when ready, else 503 (a load balancer takes the instance out).
    var status: Int { isReady ? 200 : 503 }

    init(probe: Result<Void, StoreError>) {
        switch probe {
        case .success:
            reason = nil
        case .failure(let error):
            reason = Self.reason(for: error)
        }
    }

    private static func reason(for error: StoreError) -> String {
        switch error {
        case .newerSchema(let found, let supported):
            return "the database schema is version \(found), newer than this server's \(supported)"
        case .unavailable(let reason) where reason.hasPrefix("the database has schema version"):
            return reason
        case .unavailable, .cannotOpen, .postgres, .sqlite:
            return "the database does not answer"
        case .damaged:
            return "the database is damaged"
        case .diskFull:
            return "the disk holding the database is full"
        case .habitLimit, .totalHabitLimit, .valueLimit, .nameTaken, .ownerMissing:
            return "the database answered unexpectedly"
        }
    }
}

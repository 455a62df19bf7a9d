import Foundation

/// Decides, for each request, whether to send the saved access token, to
/// renew it first, or to wait for a renewal already under way: the single
/// flight of token refresh within one process.
///
/// A pure state machine (no I/O, no clock of its own): its owner asks it what
/// to do, carries out the returned action, and reports how a refresh ended.
/// Callers are represented by `Waiter` values (continuations in the client,
/// plain numbers in tests); a waiter is queued when the action is
/// `.startRefresh` or `.wait` and handed back, with its outcome, when the
/// refresh finishes.
///
/// The rules:
/// - while a refresh is in flight, every caller waits for it;
/// - no session → fail (signed out before a request, session expired after a rejection);
/// - before a request, a token that has not expired by the `ServerClock` rule is used;
///   an expired one starts a refresh;
/// - after a 401 for token `t`: when the session already holds another token
///   (someone refreshed meanwhile), that one is used; otherwise a refresh starts;
/// - a finished refresh hands its new access token to every waiter, without
///   judging it again, so a server with an odd clock cannot cause a refresh loop;
///   a failed one hands them its error.
package struct TokenRefresher<Waiter> {
    /// Why a refresh was started, naming the access token that is no longer good.
    package enum Reason: Hashable, Sendable {
        /// The token counts as expired by the `ServerClock` rule.
        case expired(accessToken: String)
        /// The server answered 401 "token_not_valid" to the token.
        case rejected(accessToken: String)

        /// The access token being replaced.
        package var accessToken: String {
            switch self {
            case .expired(let token), .rejected(let token): return token
            }
        }
    }

    /// What the owner does next for one caller.
    package enum Action {
        /// Send the request with this access token now.
        case useToken(String)
        /// Run a refresh for this reason and report with `refreshFinished`; the caller waits for it.
        case startRefresh(Reason)
        /// A refresh is in flight; the caller waits for it.
        case wait
        /// Give the caller this error.
        case fail(APIError)
    }

    fileprivate enum State {
        case idle
        case refreshing(Reason, waiters: [Waiter])
    }

    private var state = State.idle

    package init() {}

    /// Whether a refresh is in flight.
    package var isRefreshing: Bool {
        if case .refreshing = state { return true }
        return false
    }

    /// How many callers wait for the refresh in flight.
    package var waiterCount: Int {
        if case .refreshing(_, let waiters) = state { return waiters.count }
        return 0
    }

    /// A caller is about to send a request.
    package mutating func tokenNeeded(
        session: StoredSession?, deviceNow: Date, waiter: Waiter
    ) -> Action {
        if case .refreshing(let reason, var waiters) = state {
            waiters.append(waiter)
            state = .refreshing(reason, waiters: waiters)
            return .wait
        }
        guard let session else { return .fail(.signedOut) }
        guard session.accessTokenHasExpired(deviceNow: deviceNow) else {
            return .useToken(session.accessToken)
        }
        let reason = Reason.expired(accessToken: session.accessToken)
        state = .refreshing(reason, waiters: [waiter])
        return .startRefresh(reason)
    }

    /// The server answered 401 "token_not_valid" to a request sent with `accessToken`.
    package mutating func tokenRejected(
        _ accessToken: String, session: StoredSession?, waiter: Waiter
    ) -> Action {
        if case .refreshing(let reason, var waiters) = state {
            waiters.append(waiter)
            state = .refreshing(reason, waiters: waiters)
            return .wait
        }
        guard let session else { return .fail(.sessionExpired) }
        if session.accessToken != accessToken { return .useToken(session.accessToken) }
        let reason = Reason.rejected(accessToken: accessToken)
        state = .refreshing(reason, waiters: [waiter])
        return .startRefresh(reason)
    }

    /// The refresh in flight ended; returns every waiting caller with what it gets.
    ///
    /// Calling it with no refresh in flight returns no one.
    package mutating func refreshFinished(
        _ result: Result<StoredSession, APIError>
    ) -> [(waiter: Waiter, outcome: Result<String, APIError>)] {
        guard case .refreshing(_, let waiters) = state else { return [] }
        state = .idle
        let outcome = result.map(\.accessToken)
        return waiters.map { ($0, outcome) }
    }
}

extension TokenRefresher: Sendable where Waiter: Sendable {}
extension TokenRefresher.State: Sendable where Waiter: Sendable {}

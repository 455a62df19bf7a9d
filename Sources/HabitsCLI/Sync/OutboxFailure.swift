import Foundation
import HabitClient
import HabitCore
import HabitStorage

/// Why a queued change was refused or not sent yet, as its outbox row keeps
/// it (`last_error`): the failure's code and fields, worded only when shown,
/// so rows already kept read in the wording of the version that shows them.
///
/// Stored as JSON (`{"code": …, and the fields the code has}`). A row of
/// an earlier version holds a sentence instead: it is shown as it is.
enum OutboxFailure: Hashable, Sendable {
    /// What the server answered, or how reaching it failed.
    case api(APIError)
    /// This device's own checks refused it when it was applied again.
    case store(StoreError)
    /// The habit was deleted on another device.
    case habitGone
    /// Its habit's creation was refused, so it was not sent.
    case habitNotAdded
    /// Words kept as they are: an earlier version's sentence, or a failure
    /// this version has no code for.
    case words(String)

    /// The failure for `error`, as words when it has no stored form.
    init(_ error: APIError) {
        self = Stored(error) == nil ? .words(CommandError.api(error).message) : .api(error)
    }

    /// The failure for `error`, as words when it has no stored form.
    init(_ error: StoreError) {
        self = Stored(error) == nil ? .words(CommandError.store(error).message) : .store(error)
    }

    /// What a row's `last_error` holds: its code and fields, or an earlier
    /// version's sentence.
    init(text: String) {
        guard text.hasPrefix("{"), let data = text.data(using: .utf8),
            let stored = try? JSONDecoder().decode(Stored.self, from: data),
            let failure = stored.failure
        else {
            self = .words(text)
            return
        }
        self = failure
    }

    /// The text the row keeps.
    var text: String {
        let stored: Stored?
        switch self {
        case .api(let error): stored = Stored(error)
        case .store(let error): stored = Stored(error)
        case .habitGone: stored = Stored(code: Stored.habitGone)
        case .habitNotAdded: stored = Stored(code: Stored.habitNotAdded)
        case .words(let words): return words
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let stored, let data = try? encoder.encode(stored) else { return sentence }
        return String(decoding: data, as: UTF8.self)
    }

    /// The failure as said to people, worded now.
    var sentence: String {
        switch self {
        case .api(let error): return CommandError.api(error).message
        case .store(let error): return CommandError.store(error).message
        case .habitGone: return SyncWords.habitGoneReason
        case .habitNotAdded: return SyncWords.habitNotAddedReason
        case .words(let words): return words
        }
    }

    /// The stored form: a code, and the fields that code has.
    private struct Stored: Codable {
        static let habitGone = "habit_gone"
        static let habitNotAdded = "habit_not_added"
        static let refused = "refused"
        static let server = "server"
        static let unreachable = "unreachable"
        static let timeout = "timeout"
        static let connectionLost = "connection_lost"
        static let outcomeUnknown = "outcome_unknown"
        static let secureConnectionFailed = "secure_connection_failed"
        static let sessionExpired = "session_expired"
        static let signedOut = "signed_out"
        static let unexpectedResponse = "unexpected_response"
        static let cancelled = "cancelled"
        static let localHabitLimit = "local_habit_limit"
        static let localTotalHabitLimit = "local_habit_total_limit"
        static let localValueLimit = "local_value_limit"
        static let localNameTaken = "local_name_taken"

        var code: String
        var fields: [String: [String]]?
        var message: String?
        var status: Int?
        var host: String?
        var path: String?
        var retryAfter: Int?
        var maximum: String?
        var name: String?

        enum CodingKeys: String, CodingKey {
            case code, fields, message, status, host, path, maximum, name
            case retryAfter = "retry_after"
        }

        init(code: String) { self.code = code }

        /// `nil` for a failure kept as words.
        init?(_ error: APIError) {
            switch error {
            case .validation(let validation):
                code = APIErrorCode.invalid
                fields = validation.fields
            case .habitLimit(let message):
                code = APIErrorCode.habitLimit
                self.message = message
            case .habitTotalLimit(let message):
                code = APIErrorCode.habitTotalLimit
                self.message = message
            case .habitNameTaken: code = APIErrorCode.habitNameTaken
            case .notFound: code = APIErrorCode.notFound
            case .rateLimited(let retryAfter):
                code = APIErrorCode.rateLimited
                self.retryAfter = retryAfter
            case .rejected(let status, let message):
                code = Self.refused
                self.status = status
                self.message = message
            case .server(let status):
                code = Self.server
                self.status = status
            case .unexpectedResponse(let status, let path):
                code = Self.unexpectedResponse
                self.status = status
                self.path = path
            case .unreachable(let host): (code, self.host) = (Self.unreachable, host)
            case .timeout(let host): (code, self.host) = (Self.timeout, host)
            case .connectionLost(let host): (code, self.host) = (Self.connectionLost, host)
            case .outcomeUnknown(let host): (code, self.host) = (Self.outcomeUnknown, host)
            case .secureConnectionFailed(let host):
                (code, self.host) = (Self.secureConnectionFailed, host)
            case .sessionExpired: code = Self.sessionExpired
            case .signedOut: code = Self.signedOut
            case .cancelled: code = Self.cancelled
            default: return nil
            }
        }

        /// `nil` for a failure kept as words.
        init?(_ error: StoreError) {
            switch error {
            case .habitLimit(let maximum):
                (code, self.maximum) = (Self.localHabitLimit, String(maximum))
            case .totalHabitLimit(let maximum):
                (code, self.maximum) = (Self.localTotalHabitLimit, String(maximum))
            case .valueLimit(let maximum):
                (code, self.maximum) = (Self.localValueLimit, maximum.description)
            case .nameTaken(let name): (code, self.name) = (Self.localNameTaken, name)
            default: return nil
            }
        }

        /// The failure the code and fields make; `nil` for a code this
        /// version does not know or one lacking its fields.
        var failure: OutboxFailure? {
            let number = maximum.flatMap { Int($0) }
            switch code {
            case APIErrorCode.invalid:
                return fields.map { .api(.validation(ValidationError(fields: $0))) }
            case APIErrorCode.habitLimit: return .api(.habitLimit(message: message ?? ""))
            case APIErrorCode.habitTotalLimit:
                return .api(.habitTotalLimit(message: message ?? ""))
            case APIErrorCode.habitNameTaken: return .api(.habitNameTaken)
            case APIErrorCode.notFound: return .api(.notFound)
            case APIErrorCode.rateLimited: return .api(.rateLimited(retryAfter: retryAfter))
            case Self.refused:
                return status.map { .api(.rejected(status: $0, message: message ?? "")) }
            case Self.server: return status.map { .api(.server(status: $0)) }
            case Self.unexpectedResponse:
                guard let status, let path else { return nil }
                return .api(.unexpectedResponse(status: status, path: path))
            case Self.unreachable: return host.map { .api(.unreachable(host: $0)) }
            case Self.timeout: return host.map { .api(.timeout(host: $0)) }
            case Self.connectionLost: return host.map { .api(.connectionLost(host: $0)) }
            case Self.outcomeUnknown: return host.map { .api(.outcomeUnknown(host: $0)) }
            case Self.secureConnectionFailed:
                return host.map { .api(.secureConnectionFailed(host: $0)) }
            case Self.sessionExpired: return .api(.sessionExpired)
            case Self.signedOut: return .api(.signedOut)
            case Self.cancelled: return .api(.cancelled)
            case Self.habitGone: return .habitGone
            case Self.habitNotAdded: return .habitNotAdded
            case Self.localHabitLimit: return number.map { .store(.habitLimit(maximum: $0)) }
            case Self.localTotalHabitLimit:
                return number.map { .store(.totalHabitLimit(maximum: $0)) }
            case Self.localValueLimit:
                return maximum.flatMap {
                    Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX"))
                }
                .map { .store(.valueLimit(maximum: $0)) }
            case Self.localNameTaken: return name.map { .store(.nameTaken(name: $0)) }
            default: return nil
            }
        }
    }
}

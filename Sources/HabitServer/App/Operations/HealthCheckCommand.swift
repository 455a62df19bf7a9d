import Foundation
import HabitConcurrency

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `habits-server check [--url URL] [--timeout SECONDS]`: asks a running
/// server whether it is ready, for container and systemd health checks
/// (no curl needed).
///
/// Exit status: 0 when the server answered 2xx; 1 when it answered anything
/// else (503 while the database does not answer, say); 69 when it could not
/// be reached; 64 for a usage error.
package enum HealthCheckCommand {
    package static let defaultURL = "http://127.0.0.1:8000/readyz"

    package static let usage = """
        Usage: habits-server check [--url URL] [--timeout SECONDS] [--wait SECONDS]

        Asks a running habits-server whether it is ready to serve and exits 0
        if so, 1 if it answered that it is not (the reason is printed), 69 if
        it could not be reached. --url defaults to \(defaultURL)
        (use /healthz to ask only whether the process serves); --timeout
        defaults to 5 seconds. --wait keeps asking for up to that many seconds
        while the server cannot be reached or is not ready (for ExecStartPost
        right after a start).
        """

    package static func run(
        _ arguments: [String], output: (String) -> Void, errors: (String) -> Void
    ) -> Int32 {
        var urlText = defaultURL
        var timeout: TimeInterval = 5
        var wait: TimeInterval = 0
        let values: [String: String]
        do {
            values = try SubcommandArguments.parse(
                arguments, command: "check", names: ["--url", "--timeout", "--wait"])
        } catch {
            if error == .help {
                output(usage)
                return 0
            }
            errors(error.description)
            return 64
        }
        urlText = values["--url"] ?? urlText
        if let given = values["--timeout"] {
            guard let seconds = Double(given), seconds > 0, seconds <= 300 else {
                errors(
                    "habits-server check: the --timeout value must be a number of seconds from 0 to 300."
                )
                return 64
            }
            timeout = seconds
        }
        if let given = values["--wait"] {
            guard let seconds = Double(given), seconds >= 0, seconds <= 3600 else {
                errors(
                    "habits-server check: the --wait value must be a number of seconds from 0 to 3600."
                )
                return 64
            }
            wait = seconds
        }
        guard let url = URL(string: urlText), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else {
            errors("habits-server check: the --url value must be an http:// or https:// URL.")
            return 64
        }
        let deadline = Date().addingTimeInterval(wait)
        var outcome = fetch(url, timeout: timeout)
        while !outcome.isReady && Date() < deadline {
            // A server starting up: ask again shortly, until --wait is over.
            Thread.sleep(forTimeInterval: 0.2)
            outcome = fetch(url, timeout: timeout)
        }
        switch outcome {
        case .answered(let status, _) where (200..<300).contains(status):
            output("ready: \(urlText) answered \(status)")
            return 0
        case .answered(let status, let body):
            let reason = Self.reason(in: body).map { ": \($0)" } ?? ""
            errors("habits-server check: \(urlText) answered \(status)\(reason).")
            return 1
        case .unreachable(let reason):
            errors(
                "habits-server check: cannot reach \(urlText) (\(reason)); is the server running?")
            return 69
        }
    }

    enum Outcome: Sendable {
        case answered(status: Int, body: Data)
        case unreachable(String)

        var isReady: Bool {
            if case .answered(let status, _) = self { return (200..<300).contains(status) }
            return false
        }
    }

    /// One GET, waiting at most `timeout`.
    static func fetch(_ url: URL, timeout: TimeInterval) -> Outcome {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.cachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let done = DispatchSemaphore(value: 0)
        let outcome = OutcomeBox()
        let task = session.dataTask(with: request) { data, response, error in
            if let response = response as? HTTPURLResponse {
                outcome.set(.answered(status: response.statusCode, body: data ?? Data()))
            } else {
                let reason = (error as? URLError).map { "\($0.code.rawValue)" } ?? "no answer"
                outcome.set(.unreachable(Self.describe(error, fallback: reason)))
            }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + timeout + 1) == .timedOut {
            task.cancel()
            return .unreachable("no answer within \(Int(timeout)) seconds")
        }
        return outcome.value ?? .unreachable("no answer")
    }

    private static func describe(_ error: (any Error)?, fallback: String) -> String {
        guard let error = error as? URLError else { return fallback }
        switch error.code {
        case .timedOut: return "no answer in time"
        case .cannotConnectToHost: return "connection refused"
        case .cannotFindHost: return "unknown host"
        case .networkConnectionLost: return "the connection was lost"
        default: return "network error \(error.code.rawValue)"
        }
    }

    /// The `reason` of a `/readyz` answer, made safe for a terminal: it came
    /// from the network.
    static func reason(in body: Data) -> String? {
        guard
            let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let reason = object["reason"] as? String
        else { return nil }
        let visible = reason.unicodeScalars.prefix(200).map { scalar in
            scalar.value >= 0x20 && scalar.value < 0x7F ? Character(scalar) : "?"
        }
        return String(visible)
    }

    /// The outcome handed from URLSession's queue to the waiting thread.
    private final class OutcomeBox: Sendable {
        private let stored = Locked<Outcome?>(nil)
        func set(_ outcome: Outcome) { stored.withLock { $0 = outcome } }
        var value: Outcome? { stored.withLock { $0 } }
    }
}

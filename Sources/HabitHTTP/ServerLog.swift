import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the server writes its log lines, which ones it keeps, and how they look.
///
/// A message below the configured level is dropped before it is formatted
/// (the message is an autoclosure). Each kept message goes to the sink as one
/// line: `level: message` as text, or in JSON one object per line with
/// `time`, `level` and `message` (a request's line has its own fields, see
/// `request`). Log lines never hold headers, bodies, tokens, codes or email
/// addresses: callers pass only what is safe to show an operator.
package struct ServerLog: Sendable {
    /// How each line is written (`--log-format`).
    package enum Format: String, Sendable, CaseIterable {
        /// `info: GET /api/me/ 200 0.4ms id=…`, for people.
        case text
        /// One JSON object per line, for log collectors.
        case json
    }

    /// How important a message is; a log keeps its level and everything above.
    package enum Level: Int, Comparable, Sendable, CaseIterable, CustomStringConvertible {
        case debug
        case info
        case warning
        case error

        /// Reads a `--log-level` value: "debug", "info", "warning" (or "warn"), "error".
        package init?(parsing text: String) {
            switch text.lowercased() {
            case "debug": self = .debug
            case "info": self = .info
            case "warning", "warn": self = .warning
            case "error": self = .error
            default: return nil
            }
        }

        package static func < (lhs: Level, rhs: Level) -> Bool {
            lhs.rawValue < rhs.rawValue
        }

        package var description: String {
            switch self {
            case .debug: return "debug"
            case .info: return "info"
            case .warning: return "warning"
            case .error: return "error"
            }
        }
    }

    /// The least important level that is written.
    package var level: Level
    package var format: Format
    /// Receives each kept line (without its newline) with its level; in JSON
    /// the line is the whole object.
    package var sink: @Sendable (Level, String) -> Void
    /// The time of a JSON line.
    package var now: @Sendable () -> Date

    /// A log keeping messages at `level` and above; by default written to
    /// standard error (as `level: message` in text, the bare object in JSON).
    package init(
        level: Level = .info, format: Format = .text,
        now: @escaping @Sendable () -> Date = { Date() },
        sink: (@Sendable (Level, String) -> Void)? = nil
    ) {
        self.level = level
        self.format = format
        self.sink =
            sink
            ?? (format == .json
                ? ServerLog.writeLineToStandardError : ServerLog.writeToStandardError)
        self.now = now
    }

    /// Writes "level: message" and a newline to standard error in one `write(2)`.
    ///
    /// A single write of a short line is atomic with respect to other writers,
    /// so threads never wait on a lock to log, and nothing sits in a buffer
    /// when the process ends.
    package static let writeToStandardError: @Sendable (Level, String) -> Void = { level, message in
        writeWhole("\(level): \(message)\n")
    }

    /// Writes the line as it is and a newline to standard error in one `write(2)`.
    package static let writeLineToStandardError: @Sendable (Level, String) -> Void = { _, line in
        writeWhole(line + "\n")
    }

    private static func writeWhole(_ text: String) {
        var line = text
        line.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = write(2, base + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// A log that drops everything.
    package static let disabled = ServerLog(level: .error, sink: { _, _ in })

    /// Whether a message at `level` would be written.
    package func isEnabled(_ level: Level) -> Bool {
        level >= self.level
    }

    /// Passes `message` to the sink if `level` is kept, with line breaks shown
    /// as `\n` so one call stays one line (JSON escapes them anyway).
    package func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard isEnabled(level) else { return }
        let text = message()
        if format == .json {
            sink(level, jsonLine(level, MessageRecord(message: text)))
            return
        }
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else {
            sink(level, text)
            return
        }
        sink(
            level,
            text.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(
                of: "\n", with: "\\n"))
    }

    /// Logs a request at info: its route template (never the path of a
    /// matched route), status, duration and request id.
    func request(
        _ request: HTTPRequest, level: Level = .info, route: String?, status: Int,
        duration: Duration, requestID: String
    ) {
        guard isEnabled(level) else { return }
        switch format {
        case .text:
            sink(
                level,
                RequestLogLine.format(
                    request: request, route: route, status: status, duration: duration,
                    requestID: requestID))
        case .json:
            sink(
                level,
                jsonLine(
                    level,
                    RequestLogLine.record(
                        request: request, route: route, status: status, duration: duration,
                        requestID: requestID)))
        }
    }

    /// `{"time":…,"level":…,` then `fields`' own keys: one line of JSON.
    private func jsonLine(_ level: Level, _ fields: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        // The time and the level are ASCII of our own and need no escaping;
        // they come first, so a person reading the raw lines finds them.
        let head = #"{"time":""# + Self.timeStyle.format(now()) + #"","level":""# + "\(level)\""
        guard let body = try? encoder.encode(fields), body.count > 2 else { return head + "}" }
        return head + "," + String(decoding: body.dropFirst(), as: UTF8.self)
    }

    /// `2026-03-01T10:00:00.123Z`: RFC 3339 in UTC, to the millisecond.
    private static let timeStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    private struct MessageRecord: Encodable {
        var message: String
    }

    package func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    package func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    package func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    package func error(_ message: @autoclosure () -> String) { log(.error, message()) }
}

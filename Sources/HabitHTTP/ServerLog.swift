import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the server writes its log lines, and which ones it keeps.
///
/// A message below the configured level is dropped before it is formatted
/// (the message is an autoclosure). Each kept message goes to the sink as one
/// line. Log lines never hold headers, bodies, tokens or codes: callers pass
/// only what is safe to show an operator.
public struct ServerLog: Sendable {
    /// How important a message is; a log keeps its level and everything above.
    public enum Level: Int, Comparable, Sendable, CaseIterable, CustomStringConvertible {
        case debug
        case info
        case warning
        case error

        /// Reads a `--log-level` value: "debug", "info", "warning" (or "warn"), "error".
        public init?(parsing text: String) {
            switch text.lowercased() {
            case "debug": self = .debug
            case "info": self = .info
            case "warning", "warn": self = .warning
            case "error": self = .error
            default: return nil
            }
        }

        public static func < (lhs: Level, rhs: Level) -> Bool {
            lhs.rawValue < rhs.rawValue
        }

        public var description: String {
            switch self {
            case .debug: return "debug"
            case .info: return "info"
            case .warning: return "warning"
            case .error: return "error"
            }
        }
    }

    /// The least important level that is written.
    public var level: Level
    /// Receives each kept line (without its newline) with its level.
    public var sink: @Sendable (Level, String) -> Void

    /// A log keeping messages at `level` and above; by default written to standard error.
    public init(
        level: Level = .info,
        sink: @escaping @Sendable (Level, String) -> Void = ServerLog.writeToStandardError
    ) {
        self.level = level
        self.sink = sink
    }

    /// Writes "level: message" and a newline to standard error in one `write(2)`.
    ///
    /// A single write of a short line is atomic with respect to other writers,
    /// so threads never wait on a lock to log, and nothing sits in a buffer
    /// when the process ends.
    public static let writeToStandardError: @Sendable (Level, String) -> Void = { level, message in
        var line = "\(level): \(message)\n"
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
    public static let disabled = ServerLog(level: .error) { _, _ in }

    /// Whether a message at `level` would be written.
    public func isEnabled(_ level: Level) -> Bool {
        level >= self.level
    }

    /// Passes `message` to the sink if `level` is kept, with line breaks shown
    /// as `\n` so one call stays one line.
    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard isEnabled(level) else { return }
        let text = message()
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else {
            sink(level, text)
            return
        }
        sink(
            level,
            text.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(
                of: "\n", with: "\\n"))
    }

    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
}

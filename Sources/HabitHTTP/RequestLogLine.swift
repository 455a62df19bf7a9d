import Foundation

/// The log line for one request: `GET /api/me/habits/{id}/?date=… 200 0.4ms id=…`.
///
/// A request a route matched shows the route's template (`/api/me/habits/{id}/`),
/// never the path sent, whose segments may hold anything (a token pasted
/// into a URL once reached the log that way). A request no route matched
/// shows only its path's length, and its first segment only when that is
/// one of the fixed `knownFirstSegments`: `/api/… (43 bytes)`, else
/// `/… (43 bytes)`. Any other first segment may itself be a secret
/// (`POST /hpat_…/`), and no cut of it is short enough to be safe.
/// Query values are replaced by "…" because they may be personal (an email
/// address, a date a user looked at); only the names the API defines are
/// shown, to tell which variant of a route was called, and any other name is
/// itself replaced by "…" (a client could put anything in a name). Headers and
/// bodies never appear. Bytes that are not visible ASCII are percent-encoded,
/// so a crafted path cannot forge log lines.
enum RequestLogLine {
    /// The first segments an unmatched path's line may show: the server's
    /// own prefixes, which say which part of it a client missed.
    static let knownFirstSegments: Set<String> = ["api", "assets"]
    /// The query parameter names of the API's routes, which are logged as such.
    static let knownParameterNames: Set<String> = ["status", "date", "today", "from", "to"]
    /// The methods logged as sent; any other is logged as "…", since a
    /// method is whatever token a client sends first (a secret, too).
    static let knownMethods: Set<String> = [
        "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT",
    ]

    /// The text line; `route` is the template of the route the request
    /// matched, nil when none did.
    static func format(
        request: HTTPRequest, route: String?, status: Int, duration: Duration,
        requestID: String? = nil
    ) -> String {
        var line = shownMethod(request.method)
        line += " "
        line += shownPath(request.path, route: route)
        for (index, parameter) in request.query.enumerated() {
            line += index == 0 ? "?" : "&"
            line += knownParameterNames.contains(parameter.name) ? parameter.name + "=…" : "…"
        }
        line += " \(status) \(milliseconds(duration))ms"
        if let requestID { line += " id=" + printable(requestID, limit: RequestID.maxLength) }
        return line
    }

    /// The JSON object (one line) of a request, after the log's time and level.
    static func record(
        request: HTTPRequest, route: String?, status: Int, duration: Duration,
        requestID: String
    ) -> Record {
        let (seconds, attoseconds) = duration.components
        let microseconds = max(0, seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
        return Record(
            method: shownMethod(request.method), route: route,
            pathFirstSegment: route == nil ? knownFirstSegment(request.path) : nil,
            pathLength: route == nil ? request.path.utf8.count : nil,
            query: request.query.map {
                knownParameterNames.contains($0.name) ? $0.name : "…"
            },
            status: status, durationMs: Double(microseconds) / 1000, requestID: requestID)
    }

    /// The fields of a request's JSON log line.
    struct Record: Encodable {
        var method: String
        var route: String?
        var pathFirstSegment: String?
        var pathLength: Int?
        var query: [String]
        var status: Int
        var durationMs: Double
        var requestID: String

        enum CodingKeys: String, CodingKey {
            case method, route, query, status
            case pathFirstSegment = "path_first_segment"
            case pathLength = "path_length"
            case durationMs = "duration_ms"
            case requestID = "request_id"
        }
    }

    /// The route's template, or for no route `/api/… (N bytes)` (a known
    /// first segment) or `/… (N bytes)`.
    static func shownPath(_ path: String, route: String?) -> String {
        if let route { return route }
        let known = knownFirstSegment(path).map { $0 + "/" } ?? ""
        return "/" + known + "… (\(path.utf8.count) bytes)"
    }

    /// The path's first segment when it is one of `knownFirstSegments`; nil
    /// for anything else.
    static func knownFirstSegment(_ path: String) -> String? {
        let segment = path.utf8.dropFirst().prefix(while: { $0 != UInt8(ascii: "/") })
        let text = String(decoding: segment, as: UTF8.self)
        return knownFirstSegments.contains(text) ? text : nil
    }

    /// The method when it is one of `knownMethods`, else "…".
    static func shownMethod(_ method: String) -> String {
        knownMethods.contains(method) ? method : "…"
    }

    /// "0.4" for 0.43 ms: one decimal, which is what a person reads in a log.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = max(0, seconds * 10_000 + attoseconds / 100_000_000_000_000)
        return "\(tenths / 10).\(tenths % 10)"
    }

    private static func printable(_ text: String, limit: Int) -> String {
        let isPlain = text.utf8.count <= limit && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
        if isPlain { return text }
        var result = ""
        for byte in text.utf8.prefix(limit) {
            if byte > 0x20 && byte < 0x7F {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        if text.utf8.count > limit { result += "…" }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

import Foundation

/// The log line for one request: `GET /api/me/habits/{id}/?date=… 200 0.4ms id=…`.
///
/// A request a route matched shows the route's template (`/api/me/habits/{id}/`),
/// never the path sent, whose segments may hold anything (a token pasted
/// into a URL once reached the log that way). A request no route matched
/// shows only the path's first segment and its length: `/api/… (43 bytes)`.
/// Query values are replaced by "…" because they may be personal (an email
/// address, a date a user looked at); only the names the API defines are
/// shown, to tell which variant of a route was called, and any other name is
/// itself replaced by "…" (a client could put anything in a name). Headers and
/// bodies never appear. Bytes that are not visible ASCII are percent-encoded,
/// so a crafted path cannot forge log lines.
enum RequestLogLine {
    /// The longest first segment shown; longer ones are cut and end in "…".
    static let maxSegmentCharacters = 32
    /// The query parameter names of the API's routes, which are logged as such.
    static let knownParameterNames: Set<String> = ["status", "date", "today", "from", "to"]

    /// The text line; `route` is the template of the route the request
    /// matched, nil when none did.
    static func format(
        request: HTTPRequest, route: String?, status: Int, duration: Duration,
        requestID: String? = nil
    ) -> String {
        var line = printable(request.method, limit: 32)
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
            method: printable(request.method, limit: 32), route: route,
            pathFirstSegment: route == nil ? firstSegment(request.path) : nil,
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

    /// The route's template, or for no route `/first/… (N bytes)`.
    static func shownPath(_ path: String, route: String?) -> String {
        if let route { return route }
        return "/" + firstSegment(path) + "/… (\(path.utf8.count) bytes)"
    }

    /// The path's first segment, printable and cut to `maxSegmentCharacters`.
    static func firstSegment(_ path: String) -> String {
        let segment = path.utf8.dropFirst().prefix(while: { $0 != UInt8(ascii: "/") })
        return printable(String(decoding: segment, as: UTF8.self), limit: maxSegmentCharacters)
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

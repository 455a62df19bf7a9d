/// The log line for one request: `GET /api/me/habits/?date=… 200 0.4ms`.
///
/// Query values are replaced by "…" because they may be personal (an email
/// address, a date a user looked at); only the names the API defines are
/// shown, to tell which variant of a route was called, and any other name is
/// itself replaced by "…" (a client could put anything in a name). Headers and
/// bodies never appear. Bytes that are not visible ASCII are percent-encoded,
/// so a crafted path cannot forge log lines.
enum RequestLogLine {
    /// The longest path shown; longer ones are cut and end in "…".
    static let maxPathCharacters = 200
    /// The query parameter names of the API's routes, which are logged as such.
    static let knownParameterNames: Set<String> = ["status", "date", "today", "from", "to"]

    static func format(request: HTTPRequest, status: Int, duration: Duration) -> String {
        var line = printable(request.method, limit: 32)
        line += " "
        line += printable(request.path, limit: maxPathCharacters)
        for (index, parameter) in request.query.enumerated() {
            line += index == 0 ? "?" : "&"
            line += knownParameterNames.contains(parameter.name) ? parameter.name + "=…" : "…"
        }
        line += " \(status) \(milliseconds(duration))ms"
        return line
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

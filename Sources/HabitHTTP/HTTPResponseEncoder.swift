import Foundation

/// Writes a response as HTTP/1.1 bytes, adding the headers the server owns.
///
/// The server owns Date, Content-Length and Connection: any the responder set
/// are replaced. Content-Type defaults to JSON, Cache-Control to `no-store`
/// (an answer holds tokens, secrets and a user's data unless its responder
/// says otherwise; RFC 6749 §5.1 asks it of token answers), and every answer
/// says `X-Content-Type-Options: nosniff`. Header fields whose name is not
/// a token or whose value holds CR, LF or NUL are dropped, so a responder that
/// echoes input cannot split the response. 1xx, 204 and 304 responses carry no
/// body and no Content-Length (RFC 9110 §8.6). A response to HEAD carries the
/// headers of the GET response, Content-Length included, and no body (§9.3.2).
enum HTTPResponseEncoder {
    /// What the Connection header says about the connection after this response.
    enum Persistence {
        /// The HTTP/1.1 default: no header needed.
        case keepAliveByDefault
        /// An HTTP/1.0 client asked to keep the connection: `Connection: keep-alive`.
        case keepAliveExplicitly
        /// The server closes the connection after sending: `Connection: close`.
        case close
    }

    static let defaultContentType = "application/json; charset=utf-8"
    static let defaultCacheControl = "no-store"

    /// Appends the encoded `response` to `output`; with `omittingBody` (the
    /// answer to HEAD), everything but the body.
    static func encode(
        _ response: HTTPResponse, date: String, persistence: Persistence,
        omittingBody: Bool = false, into output: inout [UInt8]
    ) {
        let status = (100...999).contains(response.status) ? response.status : 500
        let mayHaveBody = status >= 200 && status != 204 && status != 304
        output.append(contentsOf: "HTTP/1.1 \(status) \(reasonPhrase(for: status))\r\n".utf8)
        appendField("Date", date, to: &output)
        var hasContentType = false
        var hasCacheControl = false
        for (name, value) in response.headers {
            guard isSafe(name: name, value: value) else { continue }
            switch name.lowercased() {
            case "date", "content-length", "connection", "transfer-encoding", "keep-alive",
                "x-content-type-options":
                continue
            case "content-type":
                hasContentType = true
            case "cache-control":
                hasCacheControl = true
            default:
                break
            }
            appendField(name, value, to: &output)
        }
        if !hasContentType { appendField("Content-Type", defaultContentType, to: &output) }
        if !hasCacheControl { appendField("Cache-Control", defaultCacheControl, to: &output) }
        appendField("X-Content-Type-Options", "nosniff", to: &output)
        if mayHaveBody { appendField("Content-Length", String(response.body.count), to: &output) }
        switch persistence {
        case .keepAliveByDefault: break
        case .keepAliveExplicitly: appendField("Connection", "keep-alive", to: &output)
        case .close: appendField("Connection", "close", to: &output)
        }
        output.append(contentsOf: "\r\n".utf8)
        if mayHaveBody && !omittingBody { output.append(contentsOf: response.body) }
    }

    /// The standard reason phrase, or a generic one for codes without one.
    static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 200: return "OK"
        case 201: return "Created"
        case 202: return "Accepted"
        case 204: return "No Content"
        case 301: return "Moved Permanently"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 422: return "Unprocessable Content"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default:
            switch status / 100 {
            case 1: return "Informational"
            case 2: return "Success"
            case 3: return "Redirection"
            case 4: return "Client Error"
            default: return "Server Error"
            }
        }
    }

    private static func appendField(_ name: String, _ value: String, to output: inout [UInt8]) {
        output.append(contentsOf: name.utf8)
        output.append(contentsOf: ": ".utf8)
        output.append(contentsOf: value.utf8)
        output.append(contentsOf: "\r\n".utf8)
    }

    private static func isSafe(name: String, value: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: ":")
            }
            && !value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }
    }
}

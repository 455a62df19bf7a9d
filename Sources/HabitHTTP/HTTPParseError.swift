/// Why the bytes a client sent are not a request this server accepts.
///
/// Each case maps to the status and the machine code the server answers with
/// before it closes the connection: after a framing error the rest of the
/// stream cannot be trusted to start at a request boundary; the sentence of
/// that answer is `HTTPResponse.parseErrorMessage`'s.
package enum HTTPParseError: Error, Hashable, Sendable {
    /// The first line is not `METHOD SP target SP HTTP/x.y`.
    case badRequestLine
    /// A header line is not `name: value`, holds control characters, or is folded.
    case badHeader
    /// The version is well formed but not HTTP/1.0 or HTTP/1.1.
    case unsupportedVersion(String)
    /// The target is not an absolute path, or its percent-encoding or UTF-8 is invalid.
    case badTarget
    /// The body uses Transfer-Encoding (such as chunked) instead of Content-Length.
    case transferEncodingNotSupported
    /// Content-Length is not a decimal number, or several disagree.
    case invalidContentLength
    /// Content-Length announces more than `limit` bytes.
    case payloadTooLarge(limit: Int)
    /// The request line and headers together exceed `limit` bytes.
    case headersTooLarge(limit: Int)
    /// An HTTP/1.1 request without a Host header, or any request with several.
    case hostRequired
    /// A line of the head ends in a bare LF instead of CRLF.
    case bareLineFeed

    /// The HTTP status the server answers with.
    package var status: Int {
        switch self {
        case .badRequestLine, .badHeader, .badTarget, .invalidContentLength, .hostRequired,
            .bareLineFeed:
            return 400
        case .unsupportedVersion: return 505
        case .transferEncodingNotSupported: return 411
        case .payloadTooLarge: return 413
        case .headersTooLarge: return 431
        }
    }

    /// The machine-readable `code` of the JSON error body.
    package var code: String {
        switch self {
        case .badRequestLine, .badHeader, .badTarget, .invalidContentLength, .hostRequired,
            .bareLineFeed:
            return "bad_request"
        case .unsupportedVersion: return "http_version_not_supported"
        case .transferEncodingNotSupported: return "length_required"
        case .payloadTooLarge: return "payload_too_large"
        case .headersTooLarge: return "headers_too_large"
        }
    }
}

import Foundation

extension HTTPResponse {
    /// A response in the API's error form, `{"code": …, "message": …}`, for the
    /// errors the HTTP layer answers itself.
    static func httpLayerError(
        status: Int, code: String, message: String, headers: HTTPHeaders = HTTPHeaders()
    ) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(["code": code, "message": message])) ?? Data()
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    /// The answer to bytes that are not an acceptable request.
    static func parseError(_ error: HTTPParseError) -> HTTPResponse {
        httpLayerError(status: error.status, code: error.code, message: parseErrorMessage(error))
    }

    /// The sentence of the answer to `error`: what is wrong with the
    /// request and how a well-formed one looks.
    static func parseErrorMessage(_ error: HTTPParseError) -> String {
        switch error {
        case .badRequestLine:
            return "The request line is not of the form 'METHOD /path HTTP/1.1'."
        case .badHeader:
            return
                "A header line is malformed; each must be 'Name: value' without control characters."
        case .unsupportedVersion(let version):
            return "\(version) is not supported; use HTTP/1.1 or HTTP/1.0."
        case .badTarget:
            return
                "The request target must be a path starting with '/' with valid percent-encoding and UTF-8."
        case .transferEncodingNotSupported:
            return "Transfer-Encoding is not supported; send the body with a Content-Length header."
        case .invalidContentLength:
            return "The Content-Length header must be a single decimal number of bytes."
        case .payloadTooLarge(let limit):
            return "The request body is larger than the limit of \(limit) bytes."
        case .headersTooLarge(let limit):
            return "The request line and headers are larger than the limit of \(limit) bytes."
        case .hostRequired:
            return "An HTTP/1.1 request needs exactly one Host header, such as 'Host: example.com'."
        case .bareLineFeed:
            return "Each line of the request line and headers must end in CRLF, not a bare LF."
        }
    }
}

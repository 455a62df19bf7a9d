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
        httpLayerError(status: error.status, code: error.code, message: error.description)
    }
}

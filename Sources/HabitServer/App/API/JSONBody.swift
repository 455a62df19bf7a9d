import Foundation
import HabitCore
import HabitHTTP

/// Builds JSON responses: every body the API returns is made here.
enum JSONBody {
    /// A response with `value` encoded as JSON (sorted keys, so answers are stable).
    static func response(status: Int, _ value: some Encodable) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let body = try? encoder.encode(value) else {
            // Only non-finite floating-point values fail to encode, and the API
            // encodes none; answer honestly rather than crash if one appears.
            return response(status: 500, ErrorBody(APIError.internalFailure))
        }
        return HTTPResponse(status: status, headers: contentType, body: body)
    }

    /// A response with one progress entry: `ProgressEntryEncoder`'s bytes,
    /// the same as `response(status:_:)` gives, which is used when that
    /// encoder leaves the entry to `JSONEncoder`.
    static func response(status: Int, entry: ProgressEntry) -> HTTPResponse {
        guard let body = ProgressEntryEncoder.encode(entry) else {
            return response(status: status, entry)
        }
        return HTTPResponse(status: status, headers: contentType, body: body)
    }

    /// A response with a body already encoded as JSON.
    static func response(status: Int, body: Data) -> HTTPResponse {
        HTTPResponse(status: status, headers: contentType, body: body)
    }

    /// 204 with no body.
    static let noContent = HTTPResponse(status: 204, headers: contentType)

    /// The answer for `error`, with its headers.
    static func response(for error: APIError) -> HTTPResponse {
        var response = response(status: error.status, ErrorBody(error))
        for header in error.headers { response.headers.add(name: header.name, value: header.value) }
        return response
    }

    private static let contentType = HTTPHeaders([
        ("Content-Type", "application/json; charset=utf-8")
    ])

    private struct ErrorBody: Encodable {
        var code: String
        var message: String
        var fields: [String: [String]]?

        init(_ error: APIError) {
            code = error.code
            message = error.message
            fields = error.fields
        }
    }
}

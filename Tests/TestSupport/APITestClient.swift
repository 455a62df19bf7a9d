import Foundation

/// One HTTP answer as the test client read it.
package struct APITestResponse: CustomStringConvertible {
    package var status: Int
    /// Header names lower-cased.
    package var headers: [String: String]
    package var body: Data
    /// Every `Set-Cookie` value, in order (`headers` keeps only the last).
    package var setCookies: [String] = []

    /// The body as a JSON object; fails the test's `try` when it is not one.
    package func object() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw APITestFailure("expected a JSON object, got \(text)")
        }
        return object
    }

    /// The `data` list of a list answer.
    package func list() throws -> [[String: Any]] {
        guard let list = try object()["data"] as? [[String: Any]] else {
            throw APITestFailure("expected {\"data\": [...]}, got \(text)")
        }
        return list
    }

    /// `code` of an error body.
    package var code: String? { (try? object())?["code"] as? String }

    /// `fields` of a validation error body.
    package var fields: [String: [String]] {
        ((try? object())?["fields"] as? [String: [String]]) ?? [:]
    }

    package var text: String { String(decoding: body, as: UTF8.self) }

    package var description: String { "\(status) \(text)" }
}

package struct APITestFailure: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// A minimal HTTP/1.1 client over `RawHTTPClient`: one connection per
/// request (`Connection: close`), the path sent exactly as given, so tests
/// can send what URLSession would refuse or rewrite (`..`, overflowing ids).
package struct APITestClient: Sendable {
    package var port: UInt16

    package init(port: UInt16) {
        self.port = port
    }

    package func request(
        _ method: String, _ path: String, body: String? = nil, token: String? = nil,
        headers: [(String, String)] = [], contentType: String? = "application/json"
    ) throws -> APITestResponse {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let bodyBytes = Array((body ?? "").utf8)
        if body != nil, let contentType { head += "Content-Type: \(contentType)\r\n" }
        head += "Content-Length: \(bodyBytes.count)\r\n\r\n"
        return try exchange(Array(head.utf8) + bodyBytes)
    }

    /// Sends raw bytes on a connection of their own and reads the one answer.
    package func exchange(_ bytes: [UInt8]) throws -> APITestResponse {
        let connection = try RawHTTPClient(port: port, readTimeout: 30)
        try connection.send(bytes)
        let answer = try connection.readResponse(
            answeringHEAD: bytes.starts(with: Array("HEAD ".utf8)))
        var headers: [String: String] = [:]
        for (name, value) in answer.headers { headers[name.lowercased()] = value }
        return APITestResponse(
            status: answer.status, headers: headers, body: answer.body,
            setCookies: answer.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value))
    }
}

import Foundation
import HabitHTTP

/// Serves the web app in front of the API: `/`, `/sw.js`,
/// `/manifest.webmanifest` and `/assets/…` come from `WebApp`; every other
/// path goes to `api`.
///
/// The files are in memory, so they are answered on the event loop at once.
/// A text file goes gzip-compressed to a client whose `Accept-Encoding`
/// takes gzip (`Vary: Accept-Encoding`, an ETag of its own).
/// `If-None-Match` naming the ETag of what would be sent (or `*`) is 304
/// without a body.
final class WebAppResponder: HTTPResponder {
    let app: WebApp
    let api: any HTTPResponder

    init(app: WebApp = .embedded, api: any HTTPResponder) {
        self.app = app
        self.api = api
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        answer(request) ?? api.respond(to: request)
    }

    func answerAtOnce(to request: HTTPRequest) -> HTTPResponse? {
        answer(request) ?? api.answerAtOnce(to: request)
    }

    /// The web answer for `request`, or `nil` when its path is not the app's.
    func answer(_ request: HTTPRequest) -> HTTPResponse? {
        guard let file = app.file(at: request.path) else {
            // An asset of another version is gone, not the API's business.
            // Its body is the API's error form, so it is the JSON its
            // Content-Type says (an empty body is not).
            guard request.path.hasPrefix("/assets/") else { return nil }
            return finished(JSONBody.response(for: .notFound), request.path)
        }
        // HEAD arrives as GET.
        guard request.method == "GET" else {
            return finished(
                JSONBody.response(
                    for: .methodNotAllowed(request.method, allowed: ["GET", "HEAD"])),
                request.path)
        }
        let sent = file.representation(acceptEncoding: request.headers["Accept-Encoding"])
        var headers = HTTPHeaders([
            ("ETag", sent.etag),
            (
                "Cache-Control",
                file.immutable ? "public, max-age=31536000, immutable" : "no-cache"
            ),
        ])
        // A cache must not give the gzip form to a client that did not ask.
        if file.gzipped != nil { headers.add(name: "Vary", value: "Accept-Encoding") }
        if let condition = request.headers["If-None-Match"],
            Self.matches(condition, etag: sent.etag)
        {
            return finished(
                HTTPResponse(status: 304, headers: headers, body: Data()), request.path)
        }
        headers.add(name: "Content-Type", value: file.contentType)
        if sent.gzip { headers.add(name: "Content-Encoding", value: "gzip") }
        return finished(
            HTTPResponse(status: 200, headers: headers, body: sent.body), request.path)
    }

    /// Whether an `If-None-Match` list names `etag` (weak comparison, as
    /// RFC 9110 §13.1.2 asks: `W/` is ignored) or is `*`.
    static func matches(_ condition: String, etag: String) -> Bool {
        condition.split(separator: ",").contains { item in
            var tag = item.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }

    private func finished(_ response: HTTPResponse, _ path: String) -> HTTPResponse {
        var response = response
        for header in WebApp.securityHeaders {
            response.headers.add(name: header.name, value: header.value)
        }
        // The log names an asset by its template only, so no segment a
        // client made up reaches it.
        response.logRoute = path.hasPrefix("/assets/") ? "/assets/{version}/{file}" : path
        response.logLevel = .debug
        return response
    }
}

import Foundation
import HabitAPI
import HabitCore
import HabitHTTP

/// The browser's cookie mode of the auth routes.
///
/// A request carrying `X-Habits-Client: web` gets its refresh token as an
/// `HttpOnly; SameSite=Strict` cookie instead of in the body, so no script
/// can read it: the access token stays in the page's memory only. The cookie
/// is set twice, once for each path that reads it (the refresh and the
/// logout routes), and nowhere else is it sent. Refresh and logout read it
/// only when the same header is present: a cross-site form cannot send a
/// custom header, and a cross-site `fetch` that tries must pass a CORS
/// preflight this server never grants. Rotation and reuse detection are the
/// body mode's, token for token.
extension APIResponder {
    /// The header that asks for cookie mode, and its value.
    static let webClientHeader = (name: "X-Habits-Client", value: "web")
    /// The refresh cookie's name.
    static let refreshCookieName = "habits_refresh"
    /// The paths the refresh cookie is sent to: templates of `RouteTable`.
    static let refreshCookiePaths = ["/api/auth/token/refresh/", "/api/auth/logout/"]

    /// Whether `request` asks for cookie mode.
    func isWebClient(_ request: HTTPRequest) -> Bool {
        request.headers[Self.webClientHeader.name]?.lowercased() == Self.webClientHeader.value
    }

    /// The refresh token of a refresh or logout request: the body's
    /// `refresh`, or in cookie mode when the body has none, the cookie's.
    func presentedRefreshToken(_ request: HTTPRequest) throws(APIError) -> String {
        let object = try bodyObject(request)
        if object["refresh"] == nil, isWebClient(request),
            let token = Self.cookie(Self.refreshCookieName, in: request), !token.isEmpty
        {
            return token
        }
        return try validated { () throws(ValidationError) in
            try AuthInput.refreshToken(from: object)
        }
    }

    /// Whether the cookies answering `request` are marked `Secure`: always
    /// when the settings say so (a public address, an `https` public URL),
    /// else when a trusted proxy says the browser used HTTPS
    /// (`X-Forwarded-Proto: https`), as behind a TLS proxy on the same host.
    func cookiesAreSecure(_ request: HTTPRequest) -> Bool {
        settings.secureCookies || settings.trustedProxies.forwardedProto(of: request) == "https"
    }

    /// The `Set-Cookie` values that hand `token` to the browser, one per
    /// path; `nil` clears the cookies (logout).
    func refreshCookies(_ token: String?, secure isSecure: Bool) -> [String] {
        let lifetime = token == nil ? 0 : settings.refreshTokenLifetime
        let secure = isSecure ? "; Secure" : ""
        return Self.refreshCookiePaths.map { path in
            "\(Self.refreshCookieName)=\(token ?? ""); Path=\(path); Max-Age=\(lifetime); "
                + "HttpOnly; SameSite=Strict\(secure)"
        }
    }

    /// The value of cookie `name` in the request's `Cookie` headers.
    static func cookie(_ name: String, in request: HTTPRequest) -> String? {
        for field in request.headers where field.name.lowercased() == "cookie" {
            for pair in field.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2,
                    parts[0].trimmingCharacters(in: .whitespaces) == name
                else { continue }
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}

/// The route a request path belongs to, as metrics label it: the template
/// (`/api/me/habits/{id}/`), never the path itself, so a label holds no ids
/// or dates and the number of series stays bounded.
enum RouteTemplate {
    /// The template of `path`; `other` for every path no route answers.
    static func of(_ path: String) -> String {
        switch path {
        case "/healthz", "/readyz", "/metrics": return path
        default: break
        }
        guard let route = Route(path: path) else { return "other" }
        switch route {
        case .requestCode: return "/api/auth/email/"
        case .issueTokens: return "/api/auth/token/"
        case .refreshTokens: return "/api/auth/token/refresh/"
        case .logout: return "/api/auth/logout/"
        case .account: return "/api/me/"
        case .habits: return "/api/me/habits/"
        case .habit: return "/api/me/habits/{id}/"
        case .progress: return "/api/me/habits/{id}/progress/"
        case .progressDay: return "/api/me/habits/{id}/progress/{date}/"
        case .progressIncrement: return "/api/me/habits/{id}/progress/{date}/increment/"
        }
    }

    /// The method as a label: the ones HTTP defines, else `other`.
    static func method(_ method: String) -> String {
        switch method {
        case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS": return method
        default: return "other"
        }
    }
}

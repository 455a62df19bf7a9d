import HabitAPI

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
        return RouteTable.matcher.match(path)?.template ?? "other"
    }

    /// The method as a label: the ones HTTP defines, else `other`.
    static func method(_ method: String) -> String {
        switch method {
        case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS": return method
        default: return "other"
        }
    }
}

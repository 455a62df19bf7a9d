import HabitAPI
import Testing

@testable import HabitServer

/// Matching a path to a template of `RouteTable`, and the matcher's rules on
/// its own list of templates.
@Suite struct RouteMatcherTests {
    /// The template `path` matches and the values of its parameters.
    private func matched(_ path: String) -> String? {
        guard let route = Route(path: path) else { return nil }
        var parts = [route.template]
        for name in ["id", "reminder_id"] where route.parameter(name) != nil {
            parts.append("\(name)=\(route.id(name))")
        }
        for name in ["date", "token"] where route.parameter(name) != nil {
            parts.append("\(name)=\(route.text(name))")
        }
        return parts.joined(separator: " ")
    }

    @Test func routesMatchTheContract() {
        #expect(matched("/api/auth/email/") == "/api/auth/email/")
        #expect(matched("/api/auth/token/") == "/api/auth/token/")
        #expect(matched("/api/auth/token/refresh/") == "/api/auth/token/refresh/")
        #expect(matched("/api/auth/logout/") == "/api/auth/logout/")
        #expect(matched("/api/me/") == "/api/me/")
        #expect(matched("/api/me") == "/api/me/")
        #expect(matched("/api/me/habits/") == "/api/me/habits/")
        #expect(matched("/api/me/habits/12/") == "/api/me/habits/{id}/ id=12")
        #expect(matched("/api/me/habits/12/progress/") == "/api/me/habits/{id}/progress/ id=12")
        #expect(
            matched("/api/me/habits/12/progress/2026-02-30/")
                == "/api/me/habits/{id}/progress/{date}/ id=12 date=2026-02-30")
        #expect(
            matched("/api/me/habits/9223372036854775807/")
                == "/api/me/habits/{id}/ id=9223372036854775807")
        #expect(matched("/api/me/habits/0012") == "/api/me/habits/{id}/ id=12")
        #expect(
            matched("/api/me/habits/3/progress/2026-11-30/increment/")
                == "/api/me/habits/{id}/progress/{date}/increment/ id=3 date=2026-11-30")
        #expect(
            matched("/api/me/habits/3/progress/día")
                == "/api/me/habits/{id}/progress/{date}/ id=3 date=día")
        #expect(
            matched("/api/me/habits/3/reminders/45/")
                == "/api/me/habits/{id}/reminders/{reminder_id}/ id=3 reminder_id=45")
        #expect(matched("/api/checkin/hct_abc/") == "/api/checkin/{token}/ token=hct_abc")
        #expect(matched("/api/me/calendar.ics") == "/api/me/calendar.ics")
        #expect(
            matched("/api/me/webhooks/7/deliveries") == "/api/me/webhooks/{id}/deliveries/ id=7")
        for path in [
            "", "api/me/", "/api/me//", "/api/me/habits/9223372036854775808/", "/api/me/habits/-1/",
            "/api/me/habits/ 1/", "/api/me/habits/1/progress/2026-11-30/x/", "/API/me/",
            "/api/me/habits/../", "/api/me/habits/１/", "/api", "/", "/api/", "/api/auth/",
            "/api/auth/token/refresh/x/", "/api/me/habits/1/progres/", "/api/me/habit/1/",
            "/api/me/habits/1/progress/2026-11-30/increments/",
            "/api/me/habits/1/progress/2026-11-30/increment/x/", "/api/me/x/1/progress/d/",
            "/api/me/habits/1/progress/2026-11-30/increment/x/y/z/", "/api/me/habits/1//",
            "/\u{301}api/me/", "/api/me\u{301}/", "/api/me\u{301}/habits/1/", "/api/me/ha%62its/",
            "/api/me/habits/99999999999999999999/", "//api/me/", "/api/me/habits/+1/",
            "/api/me/habits/1/reminders/x/", "/api/checkin//",
        ] {
            #expect(Route(path: path) == nil, "\(path)")
        }
    }

    /// A route's `index` is its template's place in the table's list, which
    /// finds its declarations and `Allow`.
    @Test func aRouteFindsItsDeclarationsByIndex() throws {
        let route = try #require(Route(path: "/api/me/habits/5/"))
        #expect(RouteTable.templates[route.index] == "/api/me/habits/{id}/")
        #expect(RouteTable.declaration(of: route, method: "PATCH")?.template == route.template)
        #expect(RouteTable.declaration(of: route, method: "HEAD")?.method == "GET")
        #expect(RouteTable.declaration(of: route, method: "POST") == nil)
        #expect(route.allowedMethods == ["GET", "HEAD", "PATCH", "DELETE"])
    }

    /// The matcher on templates of its own: words before parameters, ids
    /// only of digits, other parameters any segment, a parameter absent
    /// from the template 0 or empty.
    @Test func aMatcherFollowsItsTemplates() throws {
        let matcher = RouteMatcher(templates: [
            "/files/{name}/", "/files/latest/", "/files/{name}/parts/{part_id}", "/",
        ])
        #expect(matcher.match("/files/latest/")?.index == 1)
        let file = try #require(matcher.match("/files/notes.txt"))
        #expect(file.index == 0 && file.text("name") == "notes.txt")
        #expect(file.id("id") == 0 && file.text("date").isEmpty && file.parameter("date") == nil)
        let part = try #require(matcher.match("/files/a/parts/0042/"))
        #expect(part.index == 2 && part.text("name") == "a" && part.id("part_id") == 42)
        #expect(matcher.match("/files/a/parts/x/") == nil)
        #expect(matcher.match("/files/latest/parts/1/") == nil, "the word wins, without a way back")
        #expect(matcher.match("/")?.index == 3)
        #expect(matcher.match("/files/") == nil)
        #expect(matcher.templates.count == 4)
    }

    /// The refresh cookie's paths are routes of the table.
    @Test func theRefreshCookiePathsAreDeclaredRoutes() {
        for path in APIResponder.refreshCookiePaths {
            #expect(RouteTable.templates.contains(path), "\(path)")
        }
    }
}

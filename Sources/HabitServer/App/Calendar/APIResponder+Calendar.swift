import Foundation
import HabitCore
import HabitHTTP
import HabitStorage

/// `GET /api/me/calendar.ics?token=hpat_…`: the calendar feed.
extension APIResponder {
    /// The account's active habits as an iCalendar feed (see
    /// `CalendarFeed`), today being the account's date at the injected
    /// clock's instant (`User.today(at:)`: its zone and day boundary). The
    /// token comes in the query, as calendar apps
    /// send no headers, and must be a `read` token: a wider one is refused
    /// (403) rather than left in a URL. HEAD answers the same without body.
    func calendarFeed(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        guard let text = request.queryValue("token"), !text.isEmpty else {
            throw .notAuthenticated
        }
        let now = now()
        let token = try usableAccessToken(text, now: now)
        guard token.scope == .read else { throw .insufficientScope }
        let owner = token.owner
        guard let user = try stored({ () throws(StoreError) in try store.user(id: owner) }) else {
            throw .tokenNotValid
        }
        let today = user.today(at: now)
        let habits = try stored { () throws(StoreError) in
            try store.habits(owner: owner, status: .active)
        }
        let entryRange = CalendarFeed.entryRange(today: today, habits: habits)
        let entries = try stored { () throws(StoreError) in
            try store.progress(
                habitIDs: habits.map(\.id), owner: owner, from: entryRange.lowerBound,
                to: entryRange.upperBound)
        }
        let feed = CalendarFeed(host: CalendarFeed.host(fromHeader: request.headers["Host"]))
        let document = ICalendarWriter.document(
            events: feed.events(habits: habits, entries: entries, today: today),
            name: "Habits", stamp: now)
        return HTTPResponse(
            status: 200,
            headers: HTTPHeaders([
                ("Content-Type", "text/calendar; charset=utf-8"),
                ("Cache-Control", "private, no-store"),
            ]), body: Data(document.utf8))
    }
}

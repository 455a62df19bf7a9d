import Foundation
import HabitAPI
import HabitHTTP
import HabitStorage

/// The one place writes turn into webhook events.
extension APIResponder {
    /// Runs the handler of a write route with its `habit.changed` or
    /// `entry.changed` event (`RouteEvent`) bound (`PendingEvent.current`), so that the
    /// store queues the event for the owner's endpoints inside the write's
    /// own transaction: the write and its event commit together or not at
    /// all, and a write that changed nothing queues none.
    func answeringWithEvent(
        _ event: RouteEvent, of route: Route, owner: Int64,
        _ answer: () throws(APIError) -> HTTPResponse
    ) throws(APIError) -> HTTPResponse {
        let pending = pendingEvent(event, of: route, owner: owner)
        let outcome = PendingEvent.$current.withValue(pending) {
            () -> Result<HTTPResponse, APIError> in
            do throws(APIError) {
                return .success(try answer())
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// The event `route`'s write raises, as its declaration names it: about
    /// the habit `{id}`, and the day `{date}` when the route has one.
    func pendingEvent(_ event: RouteEvent, of route: Route, owner: Int64) -> PendingEvent {
        let type = event.type
        let change: @Sendable (_ createdHabitID: Int64?) -> ChangeData?
        if event == .habitCreated {
            change = { id in id.map { ChangeData(habitID: $0, action: "created") } }
        } else {
            let habitID = route.id("id")
            let date = route.parameter("date").map(String.init)
            let action = event.action
            change = { _ in ChangeData(habitID: habitID, action: action, date: date) }
        }
        let now = now()
        let id = "evt_" + random.identifier()
        return PendingEvent(owner: owner, event: type, eventID: id, now: now) { createdID in
            // A created habit's id is known only inside the write; without one
            // the data says so rather than naming a wrong habit.
            let data = change(createdID) ?? ChangeData(habitID: 0, action: "created")
            return WebhookEvent(id: id, type: type, created: now, data: data).json
        }
    }
}

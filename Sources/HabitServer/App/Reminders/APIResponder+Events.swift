import Foundation
import HabitAPI
import HabitHTTP
import HabitStorage

/// The one place writes turn into webhook events.
extension APIResponder {
    /// Runs the handler of a write route with its `habit.changed` or
    /// `entry.changed` event bound (`PendingEvent.current`), so that the
    /// store queues the event for the owner's endpoints inside the write's
    /// own transaction: the write and its event commit together or not at
    /// all, and a write that changed nothing queues none.
    func answeringWithEvent(
        of route: Route, method: String, owner: Int64,
        _ answer: () throws(APIError) -> HTTPResponse
    ) throws(APIError) -> HTTPResponse {
        guard let pending = pendingEvent(of: route, method: method, owner: owner) else {
            return try answer()
        }
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

    /// The event a write route raises when its write is made.
    func pendingEvent(of route: Route, method: String, owner: Int64) -> PendingEvent? {
        let event: String
        let change: @Sendable (_ createdHabitID: Int64?) -> ChangeData?
        switch (route, method) {
        case (.habits, "POST"):
            event = "habit.changed"
            change = { id in id.map { ChangeData(habitID: $0, action: "created") } }
        case (.habit(let id), "PATCH"):
            event = "habit.changed"
            change = { _ in ChangeData(habitID: id, action: "updated") }
        case (.habit(let id), "DELETE"):
            event = "habit.changed"
            change = { _ in ChangeData(habitID: id, action: "deleted") }
        case (.progress(let id), "PUT"):
            event = "entry.changed"
            change = { _ in ChangeData(habitID: id, action: "updated") }
        case (.progressDay(let id, let date), "PUT"), (.progressIncrement(let id, let date), _):
            event = "entry.changed"
            change = { _ in ChangeData(habitID: id, action: "updated", date: date) }
        case (.progressDay(let id, let date), "DELETE"):
            event = "entry.changed"
            change = { _ in ChangeData(habitID: id, action: "deleted", date: date) }
        default:
            return nil
        }
        let now = now()
        let id = "evt_" + random.identifier()
        return PendingEvent(owner: owner, event: event, eventID: id, now: now) { createdID in
            // A created habit's id is known only inside the write; without one
            // the data says so rather than naming a wrong habit.
            let data = change(createdID) ?? ChangeData(habitID: 0, action: "created")
            return WebhookEvent(id: id, type: event, created: now, data: data).json
        }
    }
}

import Foundation
import HabitHTTP
import HabitStore

/// The one place writes turn into webhook events.
extension APIResponder {
    /// Queues `habit.changed` or `entry.changed` for the owner's endpoints
    /// after a successful write. Best effort: the write has committed, so a
    /// failure to queue is logged, never the request's failure.
    func publishEvent(of route: Route, method: String, owner: Int64, response: HTTPResponse) {
        guard (200..<300).contains(response.status) else { return }
        let event: String
        let change: ChangeData
        switch (route, method) {
        case (.habits, "POST"):
            guard let id = Self.createdID(response) else { return }
            (event, change) = ("habit.changed", ChangeData(habitID: id, action: "created"))
        case (.habit(let id), "PATCH"):
            (event, change) = ("habit.changed", ChangeData(habitID: id, action: "updated"))
        case (.habit(let id), "DELETE"):
            (event, change) = ("habit.changed", ChangeData(habitID: id, action: "deleted"))
        case (.progress(let id), "PUT"):
            (event, change) = ("entry.changed", ChangeData(habitID: id, action: "updated"))
        case (.progressDay(let id, let date), "PUT"), (.progressIncrement(let id, let date), _):
            (event, change) = (
                "entry.changed", ChangeData(habitID: id, action: "updated", date: date)
            )
        case (.progressDay(let id, let date), "DELETE"):
            (event, change) = (
                "entry.changed", ChangeData(habitID: id, action: "deleted", date: date)
            )
        default:
            return
        }
        let now = now()
        let id = "evt_" + random.identifier()
        let payload = WebhookEvent(id: id, type: event, created: now, data: change).json
        do {
            _ = try store.enqueueEvent(
                owner: owner, event: event, eventID: id, payload: payload, now: now)
        } catch {
            log.warning("webhooks: \(event) not queued: \(error)")
        }
    }

    /// The `id` of a created habit's answer.
    private static func createdID(_ response: HTTPResponse) -> Int64? {
        struct Created: Decodable { var id: Int64 }
        return (try? JSONDecoder().decode(Created.self, from: response.body))?.id
    }
}

import Dispatch
import Foundation
import HabitConcurrency
import HabitCore
import HabitHTTP
import HabitStorage
import HabitStore

/// Sends reminders and webhook deliveries from inside the server process.
///
/// Each `tick()` reads the clock once, then: works out, per time zone in
/// use, the local times due in the grace window (`ReminderGrace`,
/// `ReminderSchedule.slots`), has the store claim the due occurrences
/// (`ReminderDue`'s rule) in the database with set-based statements (once
/// across all processes), and sends the deliveries whose attempt is due (the
/// store makes a batch's deliveries of the oldest claimed occurrences as it
/// takes them), scheduling failures again with `RetrySchedule`. The loop
/// started by `start(every:)` only calls `tick()`; tests call it themselves
/// with a clock they move, so nothing here sleeps for timing.
public final class ReminderRunner: Sendable {
    let store: any ReminderRepository
    let mailer: any Mailer
    let poster: any OutboundPoster
    let grace: ReminderGrace
    let mailSender: String
    /// Where a notification's click leads: the server's `/`.
    let clickURL: String
    let now: @Sendable () -> Date
    let random: RandomSource
    let log: ServerLog
    /// Where claimed reminders and delivery attempts are counted (`/metrics`).
    let metrics: ServerMetrics?
    /// How long a claimed delivery is held before another process may retry it.
    static let lease: TimeInterval = 120
    /// Deliveries taken per store call, and batches per tick.
    static let batch = 100
    static let batchesPerTick = 20

    private let stopping = AtomicFlag()
    private let loopDone = DispatchSemaphore(value: 0)
    private let wake = DispatchSemaphore(value: 0)
    private let looping = AtomicFlag()

    public init(
        store: any ReminderRepository, mailer: any Mailer, poster: any OutboundPoster,
        grace: ReminderGrace = .default, mailSender: String, clickURL: String,
        now: @escaping @Sendable () -> Date, random: RandomSource = .system,
        log: ServerLog = .disabled, metrics: ServerMetrics? = nil
    ) {
        self.metrics = metrics
        self.store = store
        self.mailer = mailer
        self.poster = poster
        self.grace = grace
        self.mailSender = mailSender
        self.clickURL = clickURL
        self.now = now
        self.random = random
        self.log = log
    }

    /// What one tick did.
    public struct Report: Hashable, Sendable {
        /// Occurrences in the window not claimed before (due or not).
        public var considered = 0
        /// Occurrences this process claimed (their deliveries are made as they
        /// are sent).
        public var claimed = 0
        /// Daily digests this process claimed with something to send.
        public var digests = 0
        public var delivered = 0
        public var retried = 0
        public var failed = 0
    }

    /// One pass: claim due occurrences, then send due deliveries.
    @discardableResult
    public func tick() throws(StoreError) -> Report {
        let now = now()
        var report = Report()
        try claimDue(at: now, report: &report)
        metrics?.remindersClaimed(report.claimed)
        report.digests = try claimDigests(at: now)
        // One encoder for the run's `reminder.due` bodies.
        let encoder = WebhookEvent<ReminderDueData>.encoder()
        for _ in 0..<Self.batchesPerTick {
            let deliveries = try store.claimDeliveries(
                now: now, limit: Self.batch, lease: Self.lease)
            for delivery in deliveries {
                let outcome = send(delivery, at: now, encoder: encoder)
                metrics?.delivery(to: delivery.target, outcome)
                switch outcome {
                case .delivered: report.delivered += 1
                case .retry: report.retried += 1
                case .failed: report.failed += 1
                }
                try store.finishDelivery(id: delivery.id, outcome: outcome, now: now)
            }
            if deliveries.count < Self.batch { break }
        }
        // Claims older than two days can no longer meet a window.
        try store.purgeReminderRecords(before: now.addingTimeInterval(-7 * 86_400))
        return report
    }

    /// Claims the due occurrences of the grace window at `now`: the window is
    /// worked out per time zone in use (its `ReminderSchedule.slots`), and the
    /// store finds and claims the due reminders set-based, asking `ReminderDue`
    /// only about days SQL cannot decide alone.
    func claimDue(at now: Date, report: inout Report) throws(StoreError) {
        let window = grace.window(at: now)
        var slots: [OccurrenceClaim.Slot] = []
        for zone in try store.reminderZones() {
            slots += ReminderSchedule.slots(in: zone, within: window)
        }
        let outcome = try store.claimDueOccurrences(in: slots, now: now) { history, date in
            ReminderDue.isDue(history, on: date)
        }
        report.considered = outcome.considered
        report.claimed = outcome.claimed
    }

    /// One attempt of `delivery`; a failure is retried or given up by its
    /// target's schedule.
    func send(
        _ delivery: Delivery, at now: Date,
        encoder: JSONEncoder = WebhookEvent<ReminderDueData>.encoder()
    ) -> DeliveryOutcome {
        let failure: String
        let schedule: RetrySchedule
        switch delivery.target {
        case .webhook(_, let url, let secret):
            schedule = .webhook
            let body =
                Self.dueEvent(of: delivery).map { $0.json(with: encoder) }
                ?? Data(delivery.payload.utf8)
            let headers = [
                ("Content-Type", "application/json"),
                (
                    WebhookSignature.headerName,
                    WebhookSignature.header(secret: secret, timestamp: now, body: body)
                ),
                ("Habits-Event", delivery.event), ("Habits-Event-Id", delivery.eventID),
            ]
            failure = Self.failure(of: poster.post(url: url, headers: headers, body: body))
        case .ntfy(_, let url):
            schedule = .channel
            guard let message = message(of: delivery) else { return .failed(error: "unreadable") }
            let headers = [
                ("Title", ReminderMessage.headerValue(message.title)), ("Tags", "alarm_clock"),
                ("Click", clickURL), ("Content-Type", "text/plain; charset=utf-8"),
            ]
            failure = Self.failure(
                of: poster.post(url: url, headers: headers, body: Data(message.body.utf8)))
        case .mail(_, let address):
            schedule = .channel
            guard let message = message(of: delivery) else { return .failed(error: "unreadable") }
            do throws(MailError) {
                _ = try mailer.send(
                    MailMessage(
                        from: mailSender, to: address, subject: message.title, date: now,
                        body: message.body + "\n\n" + clickURL + "\n"))
                failure = ""
            } catch {
                failure = "The mail could not be sent: \(error.description)"
            }
        case nil:
            return .failed(error: "The delivery's target no longer exists.")
        }
        if failure.isEmpty { return .delivered }
        log.info("delivery \(delivery.id) attempt \(delivery.attempts) failed: \(failure)")
        let jitter = Double(random.uniform(below: 1_000_001)) / 1_000_000
        if let next = schedule.nextAttempt(
            created: delivery.createdAt, failures: delivery.attempts, now: now, jitter: jitter)
        {
            return .retry(at: next, error: failure)
        }
        return .failed(error: failure)
    }

    /// The `reminder.due` event of a delivery queued with `DueLines`.
    static func dueEvent(of delivery: Delivery) -> WebhookEvent<ReminderDueData>? {
        guard delivery.event == "reminder.due", let lines = delivery.dueLines else { return nil }
        return WebhookEvent(
            id: delivery.eventID, type: "reminder.due",
            created: Date(timeIntervalSince1970: TimeInterval(lines.instant)),
            data: ReminderDueData(
                habitID: lines.habitID, habitName: lines.habitName, date: lines.date,
                time: lines.time, timeZone: lines.timeZone))
    }

    private func message(of delivery: Delivery) -> ReminderMessage? {
        struct Envelope: Decodable { var data: ReminderDueData }
        if let event = Self.dueEvent(of: delivery) { return ReminderMessage(event.data) }
        struct DigestEnvelope: Decodable { var data: DigestDueData }
        if delivery.event == "digest.due" {
            let envelope = try? JSONDecoder().decode(
                DigestEnvelope.self, from: Data(delivery.payload.utf8))
            return envelope.map { ReminderMessage($0.data) }
        }
        guard
            let envelope = try? JSONDecoder().decode(
                Envelope.self, from: Data(delivery.payload.utf8))
        else { return nil }
        return ReminderMessage(envelope.data)
    }

    /// "" for a 2xx answer, else the sentence the user sees.
    private static func failure(of result: Result<Int, PostFailure>) -> String {
        switch result {
        case .success(let status) where (200..<300).contains(status): return ""
        case .success(let status): return "The target answered HTTP \(status)."
        case .failure(let failure): return failure.description
        }
    }

    /// Ticks every `interval` seconds of real time on a thread of its own
    /// until `stop()`; a failing tick is logged and the next one tries again.
    public func start(every interval: TimeInterval) {
        guard looping.raise() else { return }
        let thread = Thread { [self] in
            while !stopping.isRaised {
                do {
                    try tick()
                } catch {
                    log.warning("reminders: \(error)")
                }
                _ = wake.wait(timeout: .now() + interval)
            }
            loopDone.signal()
        }
        thread.name = "reminders"
        thread.start()
    }

    /// Ends the loop after the tick under way; returns once it has ended.
    public func stop() {
        guard looping.isRaised, stopping.raise() else { return }
        wake.signal()
        loopDone.wait()
    }
}

import Dispatch
import Foundation
import HabitConcurrency
import HabitHTTP
import HabitStorage

/// Sends reminders and webhook deliveries from inside the server process.
///
/// Each `tick()` reads the clock once, then: works out, per time zone in
/// use, the local times due in the grace window (`ReminderGrace`,
/// `ReminderSchedule.slots`), has the store claim the due occurrences
/// (`ReminderDue`'s rule) in the database with set-based statements (once
/// across all processes), and sends the deliveries whose attempt is due (the
/// store makes a batch's deliveries of the oldest claimed occurrences as it
/// takes them), scheduling failures again with `RetrySchedule`. A batch's
/// sends run at once on a bounded pool (`width` serial queues), in the order `DeliveryLanes`
/// decides (a few per target, a host that did not answer skipped for the
/// rest of the tick), each bounded by the poster's deadline, so a slow
/// receiver holds up no other; the tick thread alone touches the store and
/// the lanes, the pool only sends. The loop
/// started by `start(every:)` only calls `tick()`; tests call it themselves
/// with a clock they move, so nothing here sleeps for timing.
package final class ReminderRunner: Sendable {
    let store: any ReminderRepository
    /// The daily digests' schedule and claims (`claimDigests`).
    let digests: any DigestRepository
    let mailer: any Mailer
    let poster: any OutboundPoster
    let grace: ReminderGrace
    let mailSender: String
    /// Where a notification's click leads: the server's `/` (set again by
    /// `HabitServerApp.start()` once the port is bound) or `--public-url`.
    private let click: Locked<String>
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
    /// Sends under way at once, and to one target (`DeliveryLanes`).
    let width: Int
    let perTarget: Int
    /// Where the sends run: one serial queue per place of the pool. Not
    /// one concurrent queue: Dispatch runs those on at most a thread per
    /// core, so two sends blocked on slow receivers would hold a 2-core
    /// server's every place; a serial queue gets a thread of its own.
    private let places: [DispatchQueue]

    private let stopping = AtomicFlag()
    private let loopDone = DispatchSemaphore(value: 0)
    private let wake = DispatchSemaphore(value: 0)
    private let looping = AtomicFlag()

    package init(
        store: any ReminderRepository, digests: any DigestRepository, mailer: any Mailer,
        poster: any OutboundPoster,
        grace: ReminderGrace = .default, mailSender: String, clickURL: String,
        now: @escaping @Sendable () -> Date, random: RandomSource = .system,
        log: ServerLog = .disabled, metrics: ServerMetrics? = nil, width: Int = 8,
        perTarget: Int = 2
    ) {
        self.metrics = metrics
        self.width = max(1, width)
        self.perTarget = perTarget
        places = (0..<max(1, width)).map { DispatchQueue(label: "delivery-\($0)") }
        self.store = store
        self.digests = digests
        self.mailer = mailer
        self.poster = poster
        self.grace = grace
        self.mailSender = mailSender
        click = Locked(clickURL)
        self.now = now
        self.random = random
        self.log = log
    }

    /// What one tick did.
    package struct Report: Hashable, Sendable {
        /// Occurrences in the window not claimed before (due or not).
        package var considered = 0
        /// Occurrences this process claimed (their deliveries are made as they
        /// are sent).
        package var claimed = 0
        /// Daily digests this process claimed with something to send.
        package var digests = 0
        package var delivered = 0
        package var retried = 0
        package var failed = 0
    }

    /// One pass: claim due occurrences, then send due deliveries.
    @discardableResult
    package func tick() throws(StoreError) -> Report {
        let now = now()
        var report = Report()
        try claimDue(at: now, report: &report)
        metrics?.remindersClaimed(report.claimed)
        report.digests = try claimDigests(at: now)
        // One encoder for the run's `reminder.due` bodies.
        let encoder = WebhookEvent<ReminderDueData>.encoder()
        var stalledHosts: Set<String> = []
        for _ in 0..<Self.batchesPerTick {
            let deliveries = try store.claimDeliveries(
                now: now, limit: Self.batch, lease: Self.lease)
            stalledHosts = try sendAll(
                deliveries, at: now, encoder: encoder, stalledHosts: stalledHosts,
                report: &report)
            if deliveries.count < Self.batch { break }
        }
        // Claims older than two days can no longer meet a window.
        try store.purgeReminderRecords(before: now.addingTimeInterval(-7 * 86_400))
        return report
    }

    /// The clickable address of notifications.
    var clickURL: String {
        get { click.withLock { $0 } }
        set { click.withLock { $0 = newValue } }
    }

    /// Sends a batch on the pool in the order `DeliveryLanes` gives and
    /// records each outcome as its send finishes; returns the hosts stalled
    /// so far. A store error ends the batch at once: sends still under way
    /// finish unrecorded, and their deliveries are tried again after the lease.
    private func sendAll(
        _ deliveries: [Delivery], at now: Date, encoder: JSONEncoder, stalledHosts: Set<String>,
        report: inout Report
    ) throws(StoreError) -> Set<String> {
        let targets = deliveries.map(Self.lane(of:))
        var lanes = DeliveryLanes(
            targets, width: width, perTarget: perTarget, stalledHosts: stalledHosts)
        let finished = Locked<[(index: Int, place: Int, sent: Sent)]>([])
        let oneFinished = DispatchSemaphore(value: 0)
        // The lanes start at most `width` at once: a place is always free.
        var free = Array(places.indices)
        while true {
            switch lanes.next() {
            case .start(let index):
                let delivery = deliveries[index]
                let place = free.removeLast()
                places[place].async { [self] in
                    let sent = send(delivery, at: now, encoder: encoder)
                    finished.withLock { $0.append((index, place, sent)) }
                    oneFinished.signal()
                }
            case .skip(let index):
                let host = targets[index].host
                let failure = "Not sent: \(host) did not answer another delivery just before."
                log.info("delivery \(deliveries[index].id) skipped: \(host) did not answer")
                let outcome = retryOrGiveUp(deliveries[index], at: now, failure: failure)
                try record(deliveries[index], outcome, at: now, report: &report)
            case .wait:
                oneFinished.wait()
                let done: [(index: Int, place: Int, sent: Sent)] = finished.withLock { list in
                    defer { list = [] }
                    return list
                }
                for (index, place, sent) in done {
                    free.append(place)
                    lanes.finished(targets[index], answered: sent.answered)
                    try record(deliveries[index], sent.outcome, at: now, report: &report)
                }
            case .done:
                return lanes.stalledHosts
            }
        }
    }

    private func record(
        _ delivery: Delivery, _ outcome: DeliveryOutcome, at now: Date, report: inout Report
    ) throws(StoreError) {
        metrics?.delivery(to: delivery.target, outcome)
        switch outcome {
        case .delivered: report.delivered += 1
        case .retry: report.retried += 1
        case .failed: report.failed += 1
        }
        try store.finishDelivery(id: delivery.id, outcome: outcome, now: now)
    }

    /// The lane of a delivery's target: its URL's host and port; every mail
    /// shares one lane that never stalls.
    static func lane(of delivery: Delivery) -> DeliveryLanes.Target {
        let url: String
        switch delivery.target {
        case .webhook(_, let address, _): url = address
        case .ntfy(_, let address): url = address
        case .mail: return DeliveryLanes.Target(host: "", authority: "mail")
        case nil: return DeliveryLanes.Target(host: "", authority: "gone")
        }
        guard let components = URLComponents(string: url), let host = components.host?.lowercased()
        else { return DeliveryLanes.Target(host: "", authority: url) }
        let port = components.port ?? (components.scheme?.lowercased() == "http" ? 80 : 443)
        return DeliveryLanes.Target(host: host, authority: "\(host):\(port)")
    }

    /// Claims the due occurrences of the grace window at `now`: the window is
    /// worked out per time zone and day boundary in use (its
    /// `ReminderSchedule.slots`, each for the accounts' date), and the
    /// store finds and claims the due reminders set-based, asking `ReminderDue`
    /// only about days SQL cannot decide alone.
    func claimDue(at now: Date, report: inout Report) throws(StoreError) {
        let window = grace.window(at: now)
        var slots: [OccurrenceClaim.Slot] = []
        for zone in try store.reminderZones() {
            slots += ReminderSchedule.slots(
                in: zone.identifier, dayStartsAt: zone.dayStartsAt, within: window)
        }
        let outcome = try store.claimDueOccurrences(in: slots, now: now) { history, date in
            ReminderDue.isDue(history, on: date)
        }
        report.considered = outcome.considered
        report.claimed = outcome.claimed
    }

    /// What one send came to.
    struct Sent: Sendable {
        var outcome: DeliveryOutcome
        /// Whether the target answered (any HTTP status, or a mail handed
        /// on); `false` stalls its host for the rest of the tick.
        var answered = true
    }

    /// One attempt of `delivery`; a failure is retried or given up by its
    /// target's schedule.
    func send(
        _ delivery: Delivery, at now: Date,
        encoder: JSONEncoder = WebhookEvent<ReminderDueData>.encoder()
    ) -> Sent {
        let failure: String
        var answered = true
        switch delivery.target {
        case .webhook(_, let url, let secret):
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
            (failure, answered) = Self.failure(
                of: poster.post(url: url, headers: headers, body: body))
        case .ntfy(_, let url):
            guard let message = message(of: delivery) else {
                return Sent(outcome: .failed(error: "unreadable"))
            }
            let headers = [
                ("Title", ReminderMessage.headerValue(message.title)), ("Tags", "alarm_clock"),
                ("Click", clickURL), ("Content-Type", "text/plain; charset=utf-8"),
            ]
            (failure, answered) = Self.failure(
                of: poster.post(url: url, headers: headers, body: Data(message.body.utf8)))
        case .mail(_, let address):
            guard let message = message(of: delivery) else {
                return Sent(outcome: .failed(error: "unreadable"))
            }
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
            return Sent(outcome: .failed(error: "The delivery's target no longer exists."))
        }
        if failure.isEmpty { return Sent(outcome: .delivered) }
        log.info("delivery \(delivery.id) attempt \(delivery.attempts) failed: \(failure)")
        return Sent(outcome: retryOrGiveUp(delivery, at: now, failure: failure), answered: answered)
    }

    /// A failed attempt's outcome: the next attempt by its target's
    /// schedule, or given up once that is past the schedule's bound.
    func retryOrGiveUp(_ delivery: Delivery, at now: Date, failure: String) -> DeliveryOutcome {
        let schedule: RetrySchedule
        if case .webhook = delivery.target { schedule = .webhook } else { schedule = .channel }
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

    /// "" for a 2xx answer, else the sentence the user sees; and whether
    /// the target answered at all.
    private static func failure(of result: Result<Int, PostFailure>) -> (String, Bool) {
        switch result {
        case .success(let status) where (200..<300).contains(status): return ("", true)
        case .success(let status): return ("The target answered HTTP \(status).", true)
        case .failure(let failure): return (failure.description, false)
        }
    }

    /// Ticks every `interval` seconds of real time on a thread of its own
    /// until `stop()`; a failing tick is logged and the next one tries again.
    package func start(every interval: TimeInterval) {
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
    package func stop() {
        guard looping.isRaised, stopping.raise() else { return }
        wake.signal()
        loopDone.wait()
    }
}

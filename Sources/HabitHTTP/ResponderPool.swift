import Dispatch
import Foundation
import HabitConcurrency

/// The threads that run the responder, so an event loop never waits for one.
///
/// A responder is synchronous and may block: on SQLite briefly, on a mail
/// command for longer. Run on a loop's thread, one slow request would stall
/// every connection of that loop (and shutdown could not close idle
/// connections while a request blocks). So loops hand requests to a small
/// fixed pool and carry on; a worker posts the response back to the loop's
/// inbox. With zero threads the loop runs the responder itself (`runsInline`),
/// which saves the two thread hand-offs per request.
///
/// Measured (Tests/Load/run.sh and wrk, 64 connections, 2 cores shared with
/// other builds, load average 3.5 to 8): for a trivial answer (a 404 of 66
/// bytes) inline is faster, 84,300 against 64,700 requests/s; for the real
/// GET list (about 100 µs of responder time) the pool wins, 9,600 requests/s
/// with p99 20 ms against 6,300 with p99 126 ms inline, because inline one
/// request holds up every other connection of its loop, and a loop thread
/// the scheduler preempts stalls them all. Hence the pool by default, of 4
/// threads: 2 and 4 measured alike, 8 gave worse tails.
final class ResponderPool: Sendable {
    private struct Job: Sendable {
        var id: ConnectionAdmission.ID
        var dispatch: HTTPConnectionMachine.Dispatch
        var inbox: LoopInbox
    }

    let responder: any HTTPResponder
    let log: ServerLog
    let threadCount: Int
    private let jobs = Locked((queue: [Job?](), head: 0))
    private let available = DispatchSemaphore(value: 0)
    private let running = DispatchGroup()

    init(responder: any HTTPResponder, log: ServerLog, threads: Int) {
        self.responder = responder
        self.log = log
        threadCount = max(0, threads)
    }

    /// Whether requests run on the caller's thread (no worker threads).
    var runsInline: Bool { threadCount == 0 }

    func start() {
        for index in 0..<threadCount {
            running.enter()
            let thread = Thread { [self] in
                work()
                running.leave()
            }
            thread.name = "http-responder-\(index)"
            thread.start()
        }
    }

    /// Queues the request of connection `id`; its response is posted to `inbox`.
    func submit(
        _ dispatch: HTTPConnectionMachine.Dispatch, for id: ConnectionAdmission.ID,
        replyingTo inbox: LoopInbox
    ) {
        jobs.withLock { $0.queue.append(Job(id: id, dispatch: dispatch, inbox: inbox)) }
        available.signal()
    }

    /// Runs the responder on this thread and logs the request line.
    func answer(_ dispatch: HTTPConnectionMachine.Dispatch) -> HTTPResponse {
        let started = ContinuousClock.now
        return finish(dispatch, responder.respond(to: dispatch.request), since: started)
    }

    /// The responder's answer known without blocking (`answerAtOnce`), for
    /// the loop to send without handing the request to a worker; `nil` when
    /// there is none.
    ///
    /// Measured (Tests/Load/run.sh 10 0, back to back, load average 8 to
    /// 10 on 2 cores): a cached GET list answered here rather than handed
    /// off went from 22,400 to 31,700 requests/s, p99 15.9 to 13.8 ms, while
    /// requests that need the store keep the pool and its short tails.
    func answerAtOnce(_ dispatch: HTTPConnectionMachine.Dispatch) -> HTTPResponse? {
        let started = ContinuousClock.now
        guard let response = responder.answerAtOnce(to: dispatch.request) else { return nil }
        return finish(dispatch, response, since: started)
    }

    /// The response with the request's id (`X-Request-Id`, see `RequestID`)
    /// added, once the request's line is logged.
    private func finish(
        _ dispatch: HTTPConnectionMachine.Dispatch, _ response: HTTPResponse,
        since started: ContinuousClock.Instant
    ) -> HTTPResponse {
        var response = response
        let requestID = RequestID.resolve(dispatch.request.headers[RequestID.header])
        response.headers.replace(name: RequestID.header, value: requestID)
        guard log.isEnabled(response.logLevel) else { return response }
        var shown = dispatch.request
        if dispatch.isHead { shown.method = "HEAD" }
        // The duration covers the responder, not waiting for the request or the write.
        log.request(
            shown, level: response.logLevel, route: response.logRoute, status: response.status,
            duration: started.duration(to: .now), requestID: requestID)
        return response
    }

    /// Lets the workers finish the queued jobs and returns once they have stopped.
    func stop() {
        // One wake-up per thread beyond the queued jobs: each ends a worker once the queue is empty.
        for _ in 0..<threadCount { available.signal() }
        running.wait()
    }

    private func work() {
        while true {
            available.wait()
            let job = jobs.withLock { jobs -> Job? in
                guard jobs.head < jobs.queue.count else { return nil }
                let job = jobs.queue[jobs.head]
                jobs.queue[jobs.head] = nil
                jobs.head += 1
                if jobs.head == jobs.queue.count {
                    jobs.queue.removeAll(keepingCapacity: true)
                    jobs.head = 0
                } else if jobs.head >= 1024 {
                    jobs.queue.removeFirst(jobs.head)
                    jobs.head = 0
                }
                return job
            }
            guard let job else { return }  // Woken by stop() with nothing left to do.
            job.inbox.post(.responded(id: job.id, answer(job.dispatch)))
        }
    }
}

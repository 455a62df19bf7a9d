/// Which of a run's claimed deliveries start next, so that one receiver
/// cannot hold up another's.
///
/// At most `width` sends are under way at once, and at most `perTarget` to
/// one target (a URL's host and port; all mail is one target); otherwise
/// deliveries start in the order they were claimed. A host that failed to
/// answer (unreachable, refused, out of time) is stalled for the rest of the
/// run: its waiting deliveries are skipped, not tried, and go back to their
/// retry schedule, so a receiver that is down or slow costs the run one
/// deadline, not one per delivery. Pure: the runner does the sending.
struct DeliveryLanes: Sendable {
    /// Where a delivery goes, as far as the limits care.
    struct Target: Hashable, Sendable {
        /// What a failure to answer stalls: a host name or address, every
        /// port of it ("" for mail, which never stalls).
        var host: String
        /// What `perTarget` counts: the host and port, or "mail".
        var authority: String
    }

    /// What the runner does next.
    enum Step: Hashable, Sendable {
        /// Send the delivery at this index of the claimed list.
        case start(Int)
        /// Do not send it: its host has just failed to answer.
        case skip(Int)
        /// Wait for a send under way to finish (`finished`).
        case wait
        /// Every delivery was started or skipped, and every send finished.
        case done
    }

    let width: Int
    let perTarget: Int
    /// Hosts that failed to answer in this run; a later batch of the run
    /// starts from them.
    private(set) var stalledHosts: Set<String>
    private var waiting: [(index: Int, target: Target)]
    private var inFlight: [String: Int] = [:]
    private var running = 0

    init(
        _ targets: [Target], width: Int, perTarget: Int, stalledHosts: Set<String> = []
    ) {
        self.width = max(1, width)
        self.perTarget = max(1, perTarget)
        self.stalledHosts = stalledHosts
        waiting = targets.enumerated().map { ($0.offset, $0.element) }
    }

    /// The next step: a skip before anything else, then the first waiting
    /// delivery whose target has room, while the pool has room.
    mutating func next() -> Step {
        if let position = waiting.firstIndex(where: { isStalled($0.target) }) {
            return .skip(waiting.remove(at: position).index)
        }
        if running < width,
            let position = waiting.firstIndex(where: {
                inFlight[$0.target.authority, default: 0] < perTarget
            })
        {
            let (index, target) = waiting.remove(at: position)
            inFlight[target.authority, default: 0] += 1
            running += 1
            return .start(index)
        }
        return running > 0 ? .wait : .done
    }

    /// A send to `target` has finished; `answered` is false when the target
    /// gave no HTTP answer (which stalls its host).
    mutating func finished(_ target: Target, answered: Bool) {
        running -= 1
        inFlight[target.authority, default: 1] -= 1
        if !answered && !target.host.isEmpty { stalledHosts.insert(target.host) }
    }

    private func isStalled(_ target: Target) -> Bool {
        !target.host.isEmpty && stalledHosts.contains(target.host)
    }
}

/// Request durations in Prometheus' cumulative buckets, in seconds.
struct LatencyHistogram: Hashable, Sendable {
    /// Upper bounds of the buckets, in seconds; `+Inf` is implied.
    static let bounds: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]

    /// Observations per bucket (not cumulative; the last is past every bound).
    private(set) var counts = [Int](repeating: 0, count: bounds.count + 1)
    private(set) var sum: Double = 0
    private(set) var count = 0

    mutating func observe(_ seconds: Double) {
        let index = Self.bounds.firstIndex { seconds <= $0 } ?? Self.bounds.count
        counts[index] += 1
        sum += seconds
        count += 1
    }

    /// The cumulative count of each bound, then of `+Inf` (which is `count`).
    var cumulative: [Int] {
        var total = 0
        return counts.map { count in
            total += count
            return total
        }
    }
}

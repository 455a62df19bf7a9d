/// Repeated timings of one operation, summarised.
struct Timing {
    var name: String
    var samples: [Duration]

    /// Runs `body` a few times to warm up, then for at least `minimumIterations`
    /// runs and until `budget` has passed (at most `maximumIterations` runs).
    static func measure(
        _ name: String, budget: Duration = .seconds(2), minimumIterations: Int = 30,
        maximumIterations: Int = 2_000, _ body: () -> Int
    ) -> (timing: Timing, checksum: Int) {
        let clock = ContinuousClock()
        var checksum = 0
        for _ in 0..<3 { checksum &+= body() }
        var samples: [Duration] = []
        let started = clock.now
        while samples.count < minimumIterations
            || (clock.now - started < budget && samples.count < maximumIterations)
        {
            let before = clock.now
            checksum &+= body()
            samples.append(clock.now - before)
        }
        return (Timing(name: name, samples: samples.sorted()), checksum)
    }

    var median: Duration { samples[samples.count / 2] }
    var minimum: Duration { samples[0] }
    var p90: Duration { samples[min(samples.count - 1, samples.count * 9 / 10)] }
}

extension Duration {
    /// Milliseconds with three decimals: "1.234 ms".
    var milliseconds: String {
        let (seconds, attoseconds) = components
        let micros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        let whole = micros / 1000
        let fraction = String(micros % 1000)
        return "\(whole).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
    }
}

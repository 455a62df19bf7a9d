import Foundation
import HabitConcurrency
import HabitCore

/// Encodes `{"data": [habit, …]}` for the habit list, the API's hot path.
///
/// `JSONEncoder` does all the encoding, but each habit's JSON is encoded once
/// per version of the habit (the key is the whole `Habit` value, timestamps
/// included, so any change makes a new entry) and each distinct
/// `completion_data` once, then reused: the list is read far more often than
/// it changes. The pieces are joined with the only JSON written here:
/// `{"data":[`, commas, `,"completion_data":` before a habit's closing brace,
/// and `]}`.
///
/// The cache is striped by thread: each connection thread uses the stripe
/// its thread id picks, and takes that stripe's lock once per list for
/// lookups (hashes are computed before it) and once more only when
/// something was missing. Threads running at the same time rarely share a
/// stripe, so they neither queue nor spin on one lock. Memory is bounded:
/// a full stripe is emptied and refilled, which costs one round of encoding.
final class HabitListEncoder: Sendable {
    static let stripeCount = 16
    /// Entries per stripe, for habits and for completion data each.
    static let capacity = 1024

    private struct Fragments {
        var habits: [PrehashedKey<Habit>: [UInt8]] = [:]
        var completions: [PrehashedKey<CompletionData>: [UInt8]] = [:]
    }

    private let stripes = ThreadStripes(count: stripeCount) { Fragments() }

    /// The list body, with `completion_data` on the items that have it and
    /// `version` on the habits `versions` has.
    func encode(_ items: [HabitWithCompletion], versions: [Int64: Int64] = [:]) -> Data {
        let stripe = stripes.current
        let habitKeys = items.map { PrehashedKey($0.habit) }
        let completionKeys = items.map { $0.completion.map(PrehashedKey.init) }
        var (habits, completions) = stripe.withLock { cache in
            (
                habitKeys.map { cache.habits[$0] },
                completionKeys.map { key in key.flatMap { cache.completions[$0] } }
            )
        }

        var missingHabits: [(PrehashedKey<Habit>, [UInt8])] = []
        var missingCompletions: [(PrehashedKey<CompletionData>, [UInt8])] = []
        for index in items.indices {
            if habits[index] == nil {
                let bytes = Self.json(habitKeys[index].value)
                habits[index] = bytes
                missingHabits.append((habitKeys[index], bytes))
            }
            if let key = completionKeys[index], completions[index] == nil {
                let bytes = Self.json(key.value)
                completions[index] = bytes
                missingCompletions.append((key, bytes))
            }
        }
        if !missingHabits.isEmpty || !missingCompletions.isEmpty {
            stripe.withLock { cache in
                if cache.habits.count + missingHabits.count > Self.capacity {
                    cache.habits.removeAll(keepingCapacity: true)
                }
                if cache.completions.count + missingCompletions.count > Self.capacity {
                    cache.completions.removeAll(keepingCapacity: true)
                }
                for (key, bytes) in missingHabits { cache.habits[key] = bytes }
                for (key, bytes) in missingCompletions { cache.completions[key] = bytes }
            }
        }

        var output: [UInt8] = []
        output.reserveCapacity(items.count * 360 + 16)
        output += Array(#"{"data":["#.utf8)
        for index in items.indices {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            let habit = habits[index] ?? []
            let version = versions[items[index].habit.id]
            guard let completion = completions[index] else {
                guard let version else {
                    output += habit
                    continue
                }
                output.append(contentsOf: habit[..<max(0, habit.count - 1)])
                output += Array(#","version":"\#(version)"}"#.utf8)
                continue
            }
            // The habit's object without its closing brace, then more members.
            output.append(contentsOf: habit[..<max(0, habit.count - 1)])
            if let version { output += Array(#","version":"\#(version)""#.utf8) }
            output += Array(#","completion_data":"#.utf8)
            output += completion
            // Two plain numbers, written here rather than cached: an integer
            // and a strength to 4 decimals (`%.4f`, never NaN: it is 0 to 1).
            if let streak = items[index].currentStreak {
                output += Array(#","current_streak":\#(streak)"#.utf8)
            }
            if let strength = items[index].strength {
                output += Array(#","strength":\#(String(format: "%.4f", strength))"#.utf8)
            }
            output.append(UInt8(ascii: "}"))
        }
        output += Array("]}".utf8)
        return Data(output)
    }

    private static func json(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Habit and CompletionData hold strings, integers and decimals, which
        // always encode; "{}" keeps the output well-formed regardless.
        return (try? encoder.encode(value)).map(Array.init) ?? Array("{}".utf8)
    }
}

/// A dictionary key whose hash is computed once, outside any lock.
private struct PrehashedKey<Value: Hashable & Sendable>: Hashable, Sendable {
    let value: Value
    let hash: Int

    init(_ value: Value) {
        self.value = value
        self.hash = value.hashValue
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.hash == rhs.hash && lhs.value == rhs.value
    }
}

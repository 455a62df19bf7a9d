import Foundation
import HabitCore
import Testing

/// The order rule as cases another implementation checks too: each case of
/// `Tests/Web/order-cases.json` (habits' ids and positions, and a move)
/// against `HabitOrder`, so the file says what the core does. The web
/// app's `order.js` is checked against the same file by
/// `node --test Tests/Web/order.test.mjs` (run by `WebAppTests`).
///
/// Run with `SNAPSHOT_RECORD=1` to write each case's `expected` part again
/// from the core; the test then fails, saying so, so a recording run never
/// passes by accident. A new case is added by writing its inputs and recording.
@Suite struct HabitOrderCaseTests {
    /// The file, found from this file's path: node reads it too.
    private static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Web/order-cases.json").standardized

    private struct CaseFile: Codable {
        var about: String
        var cases: [OrderCase]

        enum CodingKeys: String, CodingKey {
            case about = "_about"
            case cases
        }
    }

    private struct Place: Codable {
        var id: Int64
        var position: Int?
    }

    /// A move: `id` to `before` or `after` another, or to `to` ("first", "last").
    private struct Move: Codable {
        var id: Int64
        var before: Int64?
        var after: Int64?
        var to: String?

        var destination: HabitOrder.Destination? {
            if let before { return .before(before) }
            if let after { return .after(after) }
            switch to {
            case "first": return .first
            case "last": return .last
            default: return nil
            }
        }
    }

    private struct Expected: Codable, Equatable {
        /// The ids in order before the move.
        var order: [Int64]
        /// The writes, in the new order; `nil` for a move that is none.
        var changes: [Change]?
    }

    private struct Change: Codable, Equatable {
        var id: Int64
        var position: Int
    }

    private struct OrderCase: Codable {
        var name: String
        var habits: [Place]
        var move: Move
        var expected: Expected?
    }

    private static func expected(for item: OrderCase) -> Expected {
        let order = HabitOrder(item.habits.map { .init(id: $0.id, position: $0.position) })
        let changes = item.move.destination.flatMap { order.changes(moving: item.move.id, to: $0) }
        return Expected(
            order: order.ids,
            changes: changes?.map { Change(id: $0.id, position: $0.position) })
    }

    @Test func everyCaseIsWhatHabitOrderGives() throws {
        var cases = try JSONDecoder().decode(CaseFile.self, from: Data(contentsOf: Self.file))
        if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" {
            for index in cases.cases.indices {
                cases.cases[index].expected = Self.expected(for: cases.cases[index])
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try (encoder.encode(cases) + Data("\n".utf8)).write(to: Self.file, options: .atomic)
            Issue.record("Recorded \(Self.file.path); run again without SNAPSHOT_RECORD.")
            return
        }
        #expect(cases.cases.count >= 8)
        for item in cases.cases {
            guard let recorded = item.expected else {
                Issue.record("\(item.name): not recorded; run with SNAPSHOT_RECORD=1.")
                continue
            }
            #expect(recorded == Self.expected(for: item), "\(item.name)")
        }
    }
}

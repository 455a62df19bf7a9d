/// A person's order of habits, and the positions a move writes.
///
/// The order: habits with a position first, by position ascending; then
/// those never placed; ties (and the never placed) by id, as every list
/// was before habits had an order. Every list (the server's answer, the
/// command line's lists, the web app's Today) follows this rule, which
/// the stores' `ORDER BY position NULLS LAST, id` and the web app's
/// order.js repeat (checked against Tests/Web/order-cases.json, written
/// from this type's cases).
///
/// Positions are sparse, so a move usually writes one habit: the one moved
/// gets the position halfway between its new neighbours' (after the last,
/// its predecessor's plus `gap`). When a neighbour has no position or no
/// whole number is left between them, the whole list is numbered again,
/// `gap`, 2 × `gap`, … in the new order, and each habit whose position
/// changes is written (several writes, each an ordinary edit).
public struct HabitOrder: Hashable, Sendable {
    /// One habit's id and position, all the order needs of it.
    public struct Place: Hashable, Sendable {
        public var id: Int64
        public var position: Int?

        public init(id: Int64, position: Int?) {
            self.id = id
            self.position = position
        }
    }

    /// Where a move puts a habit.
    public enum Destination: Hashable, Sendable {
        case before(Int64)
        case after(Int64)
        case first
        case last
    }

    /// One write of a move: habit `id` gets `position`.
    public struct Change: Hashable, Sendable {
        public var id: Int64
        public var position: Int

        public init(id: Int64, position: Int) {
            self.id = id
            self.position = position
        }
    }

    /// The distance between positions when a list is numbered.
    public static let gap = 1024

    /// The habits in order.
    public let places: [Place]

    /// Orders `places`, given in any order.
    public init(_ places: [Place]) {
        self.places = places.sorted(by: Self.precedes)
    }

    /// Orders `habits`' places.
    public init(_ habits: [Habit]) {
        self.init(habits.map { Place(id: $0.id, position: $0.position) })
    }

    /// The ids in order.
    public var ids: [Int64] { places.map(\.id) }

    /// Whether `a` comes before `b`: placed before never placed, then by
    /// position, then by id.
    public static func precedes(_ a: Place, _ b: Place) -> Bool {
        switch (a.position, b.position) {
        case (let x?, let y?) where x != y: x < y
        case (.some, nil): true
        case (nil, .some): false
        default: a.id < b.id
        }
    }

    /// `habits` in order (by `precedes`, a total order: no two share an id).
    public static func sorted(_ habits: [Habit]) -> [Habit] {
        habits.sorted {
            precedes(
                Place(id: $0.id, position: $0.position), Place(id: $1.id, position: $1.position))
        }
    }

    /// The writes that move habit `id` to `destination`, in the new order;
    /// none when it is already there, `nil` when `id` or the habit named by
    /// `destination` is not in the order, or is `id` itself.
    public func changes(moving id: Int64, to destination: Destination) -> [Change]? {
        guard let from = places.firstIndex(where: { $0.id == id }) else { return nil }
        var others = places
        let moved = others.remove(at: from)
        let index: Int
        switch destination {
        case .first: index = 0
        case .last: index = others.count
        case .before(let other), .after(let other):
            guard other != id, let at = others.firstIndex(where: { $0.id == other }) else {
                return nil
            }
            index = destination == .before(other) ? at : at + 1
        }
        if index == from { return [] }
        let previous = index > 0 ? others[index - 1].position : -1
        let next =
            index < others.count ? others[index].position : previous.map { $0 + 2 * Self.gap }
        if let low = previous,
            let high = next.map({ min($0, HabitFields.positionRange.upperBound + 1) }),
            high - low >= 2
        {
            return [Change(id: id, position: low + (high - low) / 2)]
        }
        // A neighbour never placed, or no room between them: number them all.
        var order = others
        order.insert(moved, at: index)
        var changes: [Change] = []
        for (offset, place) in order.enumerated() {
            let position = (offset + 1) * Self.gap
            if place.position != position {
                changes.append(Change(id: place.id, position: position))
            }
        }
        return changes
    }
}

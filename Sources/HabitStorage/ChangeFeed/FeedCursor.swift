/// A position in one user's change feed, and the text clients hold of it.
///
/// Clients treat the text as opaque. It names the owner, so another user's
/// cursor is refused, and the change number the reader has seen everything
/// through. A full read (no `since`) paged over several answers also keeps
/// `tombstonesAfter`, the head when it started: deletions numbered at or
/// below it are of rows the reader never received, so it needs no
/// tombstones but later ones, and only their purge expires it.
package struct FeedCursor: Sendable, Hashable {
    package var owner: Int64
    /// Every change numbered up to this one has been answered.
    package var position: Int64
    /// The tombstones the reader still needs are those numbered above this.
    package var tombstonesAfter: Int64

    package init(owner: Int64, position: Int64, tombstonesAfter: Int64? = nil) {
        self.owner = owner
        self.position = position
        self.tombstonesAfter = tombstonesAfter ?? position
    }

    /// The start of a full read for `owner` whose head is `head`.
    package static func start(owner: Int64, head: Int64) -> FeedCursor {
        FeedCursor(owner: owner, position: 0, tombstonesAfter: head)
    }

    /// `c1.<owner>.<position>`, or `c1.<owner>.<position>.<tombstonesAfter>`
    /// when the two differ.
    package var text: String {
        let base = "c1.\(owner).\(position)"
        return tombstonesAfter == position ? base : base + ".\(tombstonesAfter)"
    }

    /// The cursor `text` names, or `nil` when it is no cursor of this form
    /// (malformed, or of a number that does not fit).
    package init?(text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 || parts.count == 4, parts[0] == "c1" else { return nil }
        var numbers: [Int64] = []
        for part in parts.dropFirst() {
            guard !part.isEmpty, part.count <= 19, part.allSatisfy({ $0 >= "0" && $0 <= "9" }),
                let number = Int64(part)
            else { return nil }
            numbers.append(number)
        }
        owner = numbers[0]
        position = numbers[1]
        tombstonesAfter = numbers.count == 3 ? numbers[2] : numbers[1]
        // The long form is written only when it differs, and never below.
        guard numbers.count == 2 || tombstonesAfter > position else { return nil }
    }

    /// Whether the feed can still answer from this cursor for `owner`, whose
    /// head is `head` and whose tombstones through `purgedThrough` are gone:
    /// not another user's, not ahead of the head, and no tombstone it needs
    /// purged.
    package func isValid(owner: Int64, head: Int64, purgedThrough: Int64) -> Bool {
        self.owner == owner && position <= head && tombstonesAfter <= head
            && tombstonesAfter >= purgedThrough
    }
}

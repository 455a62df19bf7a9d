/// One answer of a change feed.
package struct ChangePage: Sendable, Equatable {
    /// In commit order, but for a habit's change moved before its entries'.
    package var changes: [Change]
    /// Where the next read starts.
    package var cursor: FeedCursor
    /// Whether changes past `cursor` were left for the next read.
    package var more: Bool

    package init(changes: [Change], cursor: FeedCursor, more: Bool) {
        self.changes = changes
        self.cursor = cursor
        self.more = more
    }
}

/// What a feed read answers: a page, or that the cursor can no longer be
/// answered from (the reader starts over).
package enum ChangeFeedAnswer: Sendable, Equatable {
    case page(ChangePage)
    case expired
}

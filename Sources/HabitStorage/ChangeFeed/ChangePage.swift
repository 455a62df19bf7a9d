/// One answer of a change feed.
public struct ChangePage: Sendable, Equatable {
    /// In commit order, but for a habit's change moved before its entries'.
    public var changes: [Change]
    /// Where the next read starts.
    public var cursor: FeedCursor
    /// Whether changes past `cursor` were left for the next read.
    public var more: Bool

    public init(changes: [Change], cursor: FeedCursor, more: Bool) {
        self.changes = changes
        self.cursor = cursor
        self.more = more
    }
}

/// What a feed read answers: a page, or that the cursor can no longer be
/// answered from (the reader starts over).
public enum ChangeFeedAnswer: Sendable, Equatable {
    case page(ChangePage)
    case expired
}

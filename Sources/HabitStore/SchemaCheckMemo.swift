/// Where a store remembers the last schema check that found its file
/// whole, so that the next opening of the unchanged file skips the check
/// (`SchemaCheckStamp` says when a file is unchanged).
///
/// The check costs more than the rest of a local command's start
/// (Tests/Load/README.md). A memo is only a cache: one that recalls nothing
/// makes the store check, and one that cannot remember loses nothing.
package protocol SchemaCheckMemo: Sendable {
    /// The stamp remembered last, if any.
    func recalled() -> SchemaCheckStamp?
    /// Remembers `stamp`, replacing the one before; failures are ignored.
    func remember(_ stamp: SchemaCheckStamp)
}

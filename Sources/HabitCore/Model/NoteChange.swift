/// What a progress write does to the day's note.
///
/// A change of the value alone (`habits done`, `habits set` without
/// `--note`, an API PUT without a `note` field) keeps the note; only a
/// write that says so replaces or removes it.
public enum NoteChange: Hashable, Sendable {
    /// The stored note stays (a new entry has none).
    case keep
    /// The note becomes this one, already normalised (`ProgressEntry.note(_:)`);
    /// `nil` removes it.
    case replace(String?)

    /// The note an entry has after this change, given the one it had.
    public func applied(to stored: String?) -> String? {
        switch self {
        case .keep: return stored
        case .replace(let note): return note
        }
    }
}

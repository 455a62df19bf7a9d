/// How an import treats what the store already holds.
struct ImportOptions: Hashable, Sendable {
    /// What to do with an imported habit whose name an existing habit with
    /// other properties (another frequency) has.
    enum NameClash: Hashable, Sendable {
        /// Stop and report: nothing is written.
        case refuse
        /// Import it as "<name> (imported)".
        case rename
        /// Leave it out.
        case skip
    }

    var nameClash: NameClash = .refuse
    /// Replace an existing entry whose value differs (else it is kept and reported).
    var overwrite = false
}

import HabitCore

/// The `--note` option of `done`, `set` and `skip`.
enum NoteOption {
    static let note = Option(
        "note", valueName: "text",
        help: "A one-line note on the day (at most 500 characters); --note \"\" removes it.")

    /// The spec of `note`, for a command's list of options.
    static var spec: OptionSpec { note.spec }

    /// What the command does to the day's note: `.keep` without `--note`,
    /// else the note given, checked by the model's rules (blank removes it).
    static func read(_ arguments: BoundArguments) throws(UsageError) -> NoteChange {
        try arguments.value(of: note) { text, name throws(UsageError) in
            try CommandInput.note(text, argument: name)
        } ?? .keep
    }
}

import HabitCore

/// Checks what a command is about to send to either backend, with
/// HabitCore's rules, so a problem reads the same in local and server mode
/// and is found before any write (the server checks again: it is the API's
/// job too, for other clients).
enum CommandInput {
    /// `fields` trimmed and validated for `add`.
    static func validated(_ fields: HabitFields) throws(CommandError) -> HabitFields {
        do {
            return try fields.validated()
        } catch {
            throw CommandError.habitNotAdded(error)
        }
    }

    /// Checks `changes` together with the fields of `habit` they leave as they are.
    static func check(_ changes: HabitChanges, on habit: Habit) throws(CommandError) {
        do {
            _ = try changes.applied(to: habit.fields)
        } catch {
            throw CommandError.habitNotChanged(error)
        }
    }

    /// Checks a day's value for `set` and `skip`.
    static func check(_ entry: ProgressEntry) throws(CommandError) {
        let problems = ProgressEntry.problems(value: entry.value)
        if !problems.isEmpty {
            throw CommandError.progressNotRecorded(ValidationError(fields: ["value": problems]))
        }
    }

    /// A `--note` as given, checked by `ProgressEntry`'s rules: the change it
    /// makes (a blank note removes the day's note).
    static func note(_ text: String, argument: String) throws(UsageError) -> NoteChange {
        if let problem = ProgressEntry.problems(note: text).first {
            throw UsageError(.invalidText(argument: argument, problem: problem))
        }
        return .replace(ProgressEntry.note(text))
    }
}

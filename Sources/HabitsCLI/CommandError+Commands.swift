import Foundation
import HabitClient
import HabitCore
import HabitFiles

/// How the commands' own failures read (a habit no name matches, a setting
/// that is not valid, a file that cannot be written): the same rules as
/// `CommandError+Failures.swift`, kept apart only for length.
extension CommandError {

    /// No habit with that id or name.
    static func habitNotFound(_ reference: String) -> CommandError {
        CommandError(
            .failure, "No habit matches '\(reference)'.",
            hint: "See the ids and names with 'habits list --all'.")
    }

    /// A name that several habits (`candidates`) match.
    static func ambiguousHabitName(_ reference: String, candidates: [Habit]) -> CommandError {
        CommandError(
            .failure,
            "The name '\(reference)' matches \(candidates.count) habits; use an id instead:",
            details: candidates.map {
                "#\($0.id)  \($0.name)" + ($0.status == .archived ? " (archived)" : "")
            },
            hint: candidates.first.map { "For example: habits show \($0.id)" })
    }

    /// The data directory (`failure.path`) cannot be created, in either mode.
    static func cannotCreateDataDirectory(_ failure: AtomicFile.Failure) -> CommandError {
        CommandError(
            .failure, "Cannot create the data directory \(failure.path): \(failure.reason).",
            hint: "Check its permissions, or set XDG_DATA_HOME to a writable directory.")
    }

    /// Neither HOME nor the XDG variable (`variable`) a path needs is set.
    static func noHomeDirectory(variable: String) -> CommandError {
        CommandError(
            .failure, "Cannot find your home directory.",
            hint: "Set HOME (or \(variable)) in the environment.")
    }

    /// A sign-in command in local mode.
    static let signInNeedsServer = CommandError(
        .failure, "No server is configured: habits is in local mode, where no sign-in is needed.",
        hint: useServerHint)

    /// `check` without a terminal to ask on.
    static let checkNeedsTerminal = CommandError(
        .usage, "'habits check' asks its questions on a terminal, and there is none here.",
        hint: "In scripts use 'habits done <habit> [amount]' and 'habits skip <habit>'.")

    /// `prompt` offline with no habit list of `server` saved.
    static func noSavedHabitList(server: String) -> CommandError {
        CommandError(
            .failure, "No habit list from \(server) is saved on this machine yet.",
            hint: "Run 'habits list' once while the server can be reached.")
    }

    /// A read the saved habit list cannot answer for `date` (`gap`), the
    /// server not being asked (`prompt`, shell completion).
    static func savedHabitListLacks(_ gap: HabitListCache.Gap, date: LocalDate) -> CommandError {
        CommandError(
            .failure, savedListGap(gap, date: date),
            hint: "Run 'habits list' while the server can be reached.")
    }

    /// A read that neither this device's copy, the server nor the saved
    /// list was there to answer: no caller asks for one (a safeguard).
    static let nothingAnswersRead = CommandError(
        .failure, "Nothing on this machine answers this read.")

    /// `self` (the server cannot be reached) saying what the saved habit
    /// list lacks to answer for `date` instead.
    func lackingSavedList(_ gap: HabitListCache.Gap, date: LocalDate) -> CommandError {
        var error = self
        error.message += " " + Self.savedListGap(gap, date: date)
        error.hint = "Try again once the server can be reached."
        return error
    }

    /// What the saved habit list lacks to answer for `date`, as a sentence.
    private static func savedListGap(_ gap: HabitListCache.Gap, date: LocalDate) -> String {
        switch gap {
        case .otherWeek(let cached):
            return "The saved habit list holds the week of \(cached), not \(date)."
        case .otherPeriod(let cached, let habit):
            return "The saved habit list holds the period of \(TerminalSafeText.clean(habit)) "
                + "that has \(cached), not the one that has \(date)."
        case .archivedHabits:
            return "The saved habit list holds only the active habits."
        }
    }

    /// A sync the server's `failure` stopped, with `waiting` changes not sent.
    static func syncFailed(_ failure: APIError, waiting: Int) -> CommandError {
        var error = api(failure)
        error.message += " \(waiting) change\(waiting == 1 ? "" : "s") still waiting."
        return error
    }

    /// A server URL that cannot be used (`error`). From `--server` it is a
    /// usage error (exit 64), else exit 1; `source` is said when known, as
    /// the URL may not be the one the person just typed.
    static func serverSetting(_ error: APIError, from source: ServerSelection.Source?)
        -> CommandError
    {
        var failure = api(error)
        failure.exitCode = source == .flag ? .usage : .failure
        if let source { failure.message += " (The server comes from \(source.rawValue).)" }
        return failure
    }

    /// `sync` that ended without a report.
    static let syncUnfinished = CommandError(.failure, "The sync did not finish.")

    /// `sync` while another command syncs the same copy.
    static let syncBusy = CommandError(
        .failure, "Another habits command is syncing this device's copy now.",
        hint: "Run 'habits sync' again in a moment.")

    /// `logout` with `waiting` changes not sent yet.
    static func logoutRefused(waiting: Int) -> CommandError {
        let one = waiting == 1
        return CommandError(
            .failure,
            "\(waiting) change\(one ? "" : "s") made on this device \(one ? "has" : "have") not "
                + "reached the server yet; not signing out.",
            hint: "Run 'habits sync' when the server can be reached, or sign out anyway with "
                + "'habits logout --discard-pending' (the changes are lost).")
    }

    /// `remind remove` for a time the habit (`habitName`) has no reminder at.
    static func noReminder(habitName: String, time: String) -> CommandError {
        CommandError(
            .failure, "\(HabitText.name(habitName)) has no reminder at \(time).",
            hint: "See them with 'habits remind list'.")
    }

    /// `webhook remove` for an id the account has no webhook with.
    static func noWebhook(id: Int64) -> CommandError {
        CommandError(
            .failure, "You have no webhook #\(id).",
            hint: "See your webhooks and their ids with 'habits webhook list'.")
    }

    /// The export file cannot be written.
    static func cannotWriteExport(_ failure: AtomicFile.Failure) -> CommandError {
        CommandError(
            .failure, "Cannot write the export to \(failure.path): \(failure.reason).",
            hint: "Check that the directory exists and is writable.")
    }

    /// `--output` in a directory that does not exist (the export creates none).
    static func exportDirectoryMissing(path: String, directory: String) -> CommandError {
        CommandError(
            .failure,
            "Cannot write the export to \(path): the directory \(directory) does not exist.",
            hint: "Create the directory first, or give --output a path in an existing one.")
    }

    /// `config set` of the sync timeout to something not 0 to 600 seconds.
    static func invalidSyncTimeout(key: String, value: String) -> CommandError {
        CommandError(
            .usage,
            "The setting '\(key)' must be a number of seconds from 0 to 600, not "
                + "'\(TerminalSafeText.echo(value))'.",
            hint: "Write it in digits, with a decimal point if needed: 2, 1.5 or 0.25.")
    }

    /// A known setting (`name`) of the config file at `path` whose value is
    /// not a string.
    static func configValueNotString(name: String, path: String) -> CommandError {
        CommandError(
            .failure, "The setting '\(name)' in the config file \(path) is not a string.",
            hint: "Fix it, or set it again with 'habits config set \(name) <value>'.")
    }

    /// A config file (`path`) that is not a JSON object.
    static func configNotJSONObject(path: String) -> CommandError {
        CommandError(
            .failure, "The config file \(path) is not a JSON object.",
            hint: "Fix it, or delete it and set the values again with 'habits config set'.")
    }

    /// `add` fields that break the rules (`error`).
    static func habitNotAdded(_ error: ValidationError) -> CommandError {
        .invalid(error, "The habit was not added:")
    }

    /// Changes that would break the rules (`error`) of the habit's fields.
    static func habitNotChanged(_ error: ValidationError) -> CommandError {
        .invalid(error, "The habit was not changed:")
    }

    /// A day's value that breaks the rules (`error`).
    static func progressNotRecorded(_ error: ValidationError) -> CommandError {
        .invalid(error, "The progress was not recorded:")
    }

    /// A day progress may not be recorded on; `problem` is
    /// `ProgressEntry.problems(date:skipped:today:)`'s sentence, which
    /// imports share.
    static func progressNotAllowed(_ problem: String) -> CommandError {
        CommandError(.failure, problem)
    }

    /// This device's copy recorded a new habit but gave none back.
    static let habitNotAddedToCopy = CommandError(.failure, "The habit was not added.")

    /// `add` asked its questions and got no answer.
    static let addCancelled = CommandError(
        .failure, "No answer given; the habit was not added.")

    /// `remind install` without this binary's path to write into the crontab line.
    static let noExecutablePath = CommandError(
        .failure, "Cannot find the path of this habits binary.")

    /// JSON output the encoder refused (a bug: every output is encodable).
    static let cannotEncodeJSON = CommandError(.failure, "Cannot encode the JSON output.")

    /// An export the encoder refused.
    static let cannotEncodeExport = CommandError(.failure, "Cannot encode the export.")

    /// Settings the encoder refused.
    static let cannotEncodeSettings = CommandError(.failure, "Cannot encode the settings.")

    /// `config get` of a setting with no value.
    static func settingNotSet(_ key: String) -> CommandError {
        CommandError(.failure, "The setting '\(key)' is not set.")
    }

    /// `config set` of a yes/no setting to something else.
    static func settingNotBoolean(key: String, value: String) -> CommandError {
        CommandError(.usage, "The setting '\(key)' must be true or false, not '\(value)'.")
    }

    /// The config file cannot be read.
    static func cannotReadConfig(_ failure: AtomicFile.Failure, path: String) -> CommandError {
        CommandError(.failure, "Cannot read the config file \(path): \(failure.reason).")
    }

    /// The config file cannot be written.
    static func cannotWriteConfig(_ failure: AtomicFile.Failure, path: String) -> CommandError {
        CommandError(.failure, "Cannot write the config file \(path): \(failure.reason).")
    }

    // MARK: issue 38 day and groups

    /// A day boundary that is not a time from 00:00 to 12:00 (`HH:MM`).
    static func invalidDayStart(_ value: String) -> CommandError {
        CommandError(
            .usage,
            "The day cannot start at '\(TerminalSafeText.echo(value))': "
                + "give a time from 00:00 to 12:00 as HH:MM.",
            hint: "For a day that ends at 3 am: habits config day-starts-at 03:00")
    }

    /// A server that keeps no day boundary for its accounts.
    static let dayStartNotSupported = CommandError(
        .failure, "This server keeps no day boundary for the account.",
        hint: "Its operator can update habits-server to a version that does.")
}

// MARK: issue 38 fields

extension CommandError {
    /// `--every` with something other than a whole number of days in
    /// `HabitFields.periodDaysRange`: a command-line mistake (exit 64).
    static func invalidPeriodDays(_ text: String, argument: String) -> UsageError {
        let range = HabitFields.periodDaysRange
        return UsageError(
            .invalidValue(
                argument: argument, value: text,
                expected: "a whole number of days from \(range.lowerBound) to "
                    + "\(range.upperBound), such as \(argument) 3"))
    }
}

// MARK: issue 40 trend

extension CommandError {
    /// A server that answers 404 (or 405) on a habit's history route while
    /// the habit is there: it is older than the client.
    static func historyNotOffered(server: String) -> CommandError {
        CommandError(
            .failure, "The server at \(server) is too old to answer a habit's history.",
            hint: "Its operator can upgrade habits-server to a version that does.")
    }

    /// An option of the trend (`option`, such as `--by`) given to `show`
    /// without `--trend`: a command-line mistake (exit 64).
    static func needsTrend(_ option: String) -> UsageError {
        UsageError(
            .invalidText(
                argument: option,
                problem: "it chooses how the trend is drawn, so it needs --trend too."),
            command: "show")
    }

    /// `--by` with something other than `week` or `month` (exit 64).
    static func invalidTrendPeriod(_ text: String, argument: String) -> UsageError {
        UsageError(
            .invalidValue(
                argument: argument, value: text,
                expected: "week or month, such as \(argument) month"))
    }
}

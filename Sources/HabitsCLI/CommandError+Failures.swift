import Foundation
import HabitClient
import HabitCore
import HabitFiles
import HabitStorage
import HabitStore

/// The one place that decides how a failure reads on the command line: the
/// sentence, the hint and the exit status, each situation worded once.
///
/// HabitCore and HabitStore describe what happened, and commands throw the
/// facts (`CommandError.habitNotFound(reference)`); what a person should do
/// about it, in this tool's commands, is said here: the libraries' failures
/// in this file, the commands' own in `CommandError+Commands.swift`,
/// import's in `CommandError+Import.swift`. Hints quote the commands they
/// name in single quotes; an example command line is given bare ("For
/// example: habits show 3").
extension CommandError {
    /// An API client failure. `check` names the command that shows whether a
    /// change whose outcome is unknown was applied (`habits show 3`).
    static func api(_ error: APIError, check: String? = nil) -> CommandError {
        switch error {
        case .unreachable(let host):
            return CommandError(
                .unavailable, "Cannot reach the habits server at \(host).",
                hint: "Check that it is running and that the server URL is right "
                    + "('habits status' shows it).")
        case .connectionLost(let host):
            return CommandError(
                .unavailable,
                "The connection to the habits server at \(host) broke before an answer arrived.",
                hint: "Try again; if it keeps happening, check the network or the server.")
        case .timeout(let host):
            return CommandError(
                .unavailable, "The habits server at \(host) did not answer in time.",
                hint: "Try again later.")
        case .outcomeUnknown(let host):
            return CommandError(
                .unavailable,
                "The connection to the habits server at \(host) broke after the change was "
                    + "sent: the change may have been applied.",
                hint: "Run '\(check ?? "habits list --all")' to check before trying again.")
        case .secureConnectionFailed(let host):
            return CommandError(
                .unavailable, "Cannot set up a secure connection to \(host).",
                hint: "Check the server's certificate and the server URL.")
        case .signedOut:
            return CommandError(.notSignedIn, "You are not signed in.", hint: signInHint)
        case .sessionExpired:
            return CommandError(.notSignedIn, "Your session has expired.", hint: signInHint)
        case .signedInElsewhere(let server):
            return CommandError(
                .notSignedIn, "Your saved session is for another server (\(server)).",
                hint: signInHint)
        case .noPendingSignIn:
            return CommandError(
                .notSignedIn, "No sign-in code was requested on this device.",
                hint: "Start with 'habits auth email <address>'.")
        case .invalidCode:
            return CommandError(
                .failure, "The server did not accept that code: it is wrong or has expired.",
                // The server decides how many wrong codes burn a code and the
                // API does not say, so the hint names no number.
                hint: "Check the latest email and try again; after a few wrong codes a code "
                    + "stops working, and 'habits auth email <address>' sends a new one.")
        case .validation(let validation):
            return CommandError.invalid(validation, "The server refused the input:")
        case .rejected(let status, let message):
            return CommandError(
                .failure, "The server refused the request (HTTP \(status)): \(message)")
        case .notFound:
            return CommandError(
                .failure, "No such habit on the server (it may have been deleted).",
                hint: "See the ids and names with 'habits list --all'.")
        case .habitLimit:
            return .habitLimit(maximum: Habit.maximumActiveCount)
        case .habitNameTaken:
            return .nameTaken
        case .habitTotalLimit(let message):
            return .totalHabitLimit(
                message.isEmpty ? "The account holds as many habits as the server keeps." : message)
        case .rateLimited(let seconds?):
            return CommandError(
                .failure, "The server is refusing requests for now (too many).",
                hint: "Try again in \(seconds) second\(seconds == 1 ? "" : "s").")
        case .rateLimited(nil):
            return CommandError(
                .failure, "The server is refusing requests for now (too many).",
                hint: "Wait a minute and try again.")
        case .server(let status):
            return CommandError(
                .failure, "The habits server failed (HTTP \(status)).", hint: "Try again later.")
        case .unexpectedResponse(let status, let path):
            let onRoot = status == 404 && !path.contains("/api/")
            return CommandError(
                .failure,
                status == 0
                    ? "The server's answer to \(path) was not HTTP."
                    : "The server answered HTTP \(status) to \(path), which the habits API "
                        + "does not.",
                hint: onRoot
                    ? "Is the server URL missing /api/? ('habits status' shows it.)"
                    : "Check that the server URL points at a habits API.")
        case .unreadableToken(let problem):
            return CommandError(
                .failure,
                "The server sent a sign-in token the client cannot read "
                    + "(\(tokenProblem(problem))).",
                hint: "Check that the server URL points at a habits API.")
        case .notSupported(let path):
            return CommandError(.failure, "The server does not offer \(path).")
        case .internalInconsistency(let what):
            return CommandError(
                .failure, "habits lost track of the server's answers (\(what)).",
                hint: "This is a bug; please report it with the command you ran.")
        case .storage(let storage):
            return tokenStore(storage)
        case .invalidServerURL(let text):
            let port = URLComponents(string: text.trimmingCharacters(in: .whitespaces))?.port
            return CommandError(
                .failure,
                "\"\(text)\" is not a server URL"
                    + (APIConfiguration.isPortAllowed(port)
                        ? "." : ": its port \(port ?? 0) is not from 1 to 65535."),
                hint: "Use one like http://127.0.0.1:8000/api/ or https://habits.example.com/api/.")
        case .insecureServer(let url):
            return CommandError(
                .failure,
                "Refusing to send credentials over plain http:// to \(url.host ?? "another machine").",
                hint: "Use https:// (plain http:// is only for this machine), or allow it with "
                    + "'habits config set \(ConfigFile.insecureHTTPKey) true' (codes, tokens "
                    + "and habits then cross the network unencrypted).")
        case .cancelled:
            return CommandError(.failure, "The request was cancelled.")
        }
    }

    /// What is wrong with the access token the server sent, as a clause.
    private static func tokenProblem(_ problem: TokenProblem) -> String {
        switch problem {
        case .notThreeSegments: return "the access token: it is not three dot-separated parts"
        case .notBase64URL: return "the access token: its payload is not base64url"
        case .notJSONObject: return "the access token: its payload is not a JSON object"
        case .wrongClaimType(let claim):
            return "the access token: its \(claim) claim has the wrong type"
        case .noExpiry: return "the access token has no expiry"
        }
    }

    /// A failure of the credentials store.
    static func tokenStore(_ error: TokenStoreError) -> CommandError {
        switch error {
        case .insecureFile(let path, let mode):
            return CommandError(
                .failure,
                "The credentials file \(path) can be read by other users (mode "
                    + "\(String(mode, radix: 8))).",
                hint: "Run 'chmod 600 \(path)', and sign in again if someone may have copied it "
                    + "('habits logout' removes it).")
        case .insecureDirectory(let path, let mode):
            return CommandError(
                .failure,
                "The credentials directory \(path) can be written by other users (mode "
                    + "\(String(mode, radix: 8))).",
                hint: "Run 'chmod 700 \(path)'.")
        case .wrongOwner(let path):
            return CommandError(
                .failure, "\(path) belongs to another user.",
                hint: "Remove it (or fix its owner) and sign in again.")
        case .notRegularFile(let path):
            return CommandError(
                .failure,
                "The saved sign-in at \(path) is damaged (\(signInProblem(error))).",
                hint: "Remove it yourself, then sign in again with 'habits auth email <address>'.")
        case .corrupt(let path, _):
            return CommandError(
                .failure,
                "The saved sign-in at \(path) is damaged (\(signInProblem(error))).",
                hint: "Run 'habits logout' to remove it, then sign in again with "
                    + "'habits auth email <address>'.")
        case .unreadable(let path, _):
            return CommandError(
                .failure, "Cannot read the saved sign-in at \(path) (\(signInProblem(error))).",
                hint: "Check its permissions and its directory's, or run 'habits logout' to "
                    + "remove it and sign in again with 'habits auth email <address>'.")
        case .unwritable(let path, let reason):
            return CommandError(
                .failure, "Cannot save credentials to \(path): \(reason).",
                hint: "Free some space or fix the directory's permissions; the session is "
                    + "kept and works again once it can be saved.")
        case .cannotLock(let path, let reason):
            return CommandError(.failure, "Cannot lock \(path) to update credentials: \(reason).")
        case .keychain(let status, let reason):
            return CommandError(
                .failure,
                "The Keychain refused to store or read credentials (status \(status)): "
                    + "\(reason).")
        }
    }

    /// The active-habit limit, in either mode.
    static func habitLimit(maximum: Int) -> CommandError {
        CommandError(
            .failure, "You already have \(maximum) active habits.",
            hint: "Archive one with 'habits archive <habit>' and try again.")
    }

    /// An addition that would take a day past the most it may hold, in
    /// either mode (checked before sending; the local store checks again).
    static func valueLimit(maximum: Decimal) -> CommandError {
        CommandError(
            .failure,
            "The progress was not recorded: a day's value may not pass "
                + "\(HabitText.number(maximum)).",
            hint: "Check the amount, or record the day with 'habits set'.")
    }

    /// A name another active habit has, in either mode.
    static let nameTaken = CommandError(
        .failure, "Another active habit already has this name (names match ignoring case).",
        hint: "Choose another name, or archive or rename the other habit first ('habits list' "
            + "shows them).")

    /// The limit on habits in all, archived ones included, in either mode.
    static func totalHabitLimit(_ sentence: String) -> CommandError {
        CommandError(
            .failure, sentence,
            hint: "Delete a habit you no longer need with 'habits delete <habit>'.")
    }

    /// A failure of the local database.
    static func store(_ error: StoreError) -> CommandError {
        switch error {
        case .habitLimit(let maximum):
            return .habitLimit(maximum: maximum)
        case .totalHabitLimit(let maximum):
            return .totalHabitLimit("You already have \(maximum) habits, archived ones included.")
        case .nameTaken:
            return .nameTaken
        case .valueLimit(let maximum):
            return .valueLimit(maximum: maximum)
        case .cannotOpen:
            return CommandError(
                .failure, storeSentence(error),
                hint: "Check the file's permissions; if it is damaged, restore it from a "
                    + "backup or move it aside to start a new one.")
        case .newerSchema:
            return CommandError(
                .failure, storeSentence(error), hint: "Update habits to the newer version.")
        case .damaged(let path, _):
            return CommandError(
                .failure, storeSentence(error),
                hint: "Nothing was changed. Restore the file from a backup, or save what can "
                    + "be read with 'habits export --output FILE'; then move \(path) aside, and "
                    + "the next command starts a new database ('habits import habits FILE' "
                    + "brings the export back).")
        case .diskFull:
            return CommandError(
                .failure, storeSentence(error),
                hint: "Free some space on that disk and try again; reading still works.")
        // The command line opens only SQLite; the PostgreSQL cases cannot
        // reach it but read the same way, as does an owner the file lacks.
        case .sqlite, .unavailable, .postgres, .ownerMissing:
            return CommandError(
                .failure, "The local database failed. \(storeSentence(error))",
                hint: "Check that the database file and its directory are writable.")
        }
    }

    /// What happened to a SQLite file (the local database, a Loop backup),
    /// in one sentence.
    static func storeSentence(_ error: StoreError) -> String {
        switch error {
        case .habitLimit(let maximum):
            return "The owner already has \(maximum) active habits."
        case .totalHabitLimit(let maximum):
            return "The owner already has \(maximum) habits, archived ones included."
        case .valueLimit(let maximum):
            return "A day's value may not pass \(DecimalText.text(maximum))."
        case .nameTaken(let name):
            return "The owner already has an active habit named \(name)."
        case .cannotOpen(let path, let reason):
            return "Cannot open the database at \(path): \(reason)."
        case .newerSchema(let found, let supported):
            return "The database was written by a newer version of habits (schema \(found); "
                + "this version reads up to \(supported))."
        case .damaged(let path, let reason):
            return "The database \(path) is damaged: \(reason)."
        case .diskFull(let path):
            return "The disk holding the database \(path) is full: nothing was changed."
        case .sqlite(let code, let message):
            return "Database error \(code): \(message)."
        case .unavailable(let reason):
            return "The database is unavailable: \(reason)."
        case .postgres(let state, let message):
            return "Database error \(state): \(message)."
        case .ownerMissing(let owner):
            return "The database holds no user \(owner)."
        }
    }

    /// A part of a damaged database that `habits export` left out, as a
    /// clause: what it is and why.
    static func leftOut(_ part: StoreSalvage.LeftOut) -> String {
        /// SQLite's own message when it has one, else what happened.
        func reason(_ error: StoreError) -> String {
            if case .sqlite(_, let message) = error { return message }
            return storeSentence(error)
        }
        switch part {
        case .habit(let error):
            return reason(error)
        case .entries(let habitID, let error):
            return "the entries of habit \(habitID): \(reason(error))"
        case .unreadableEntries(let habitID, let count):
            return "\(count) entr\(count == 1 ? "y" : "ies") of habit \(habitID) that do not read"
        }
    }

    /// A server-only command (`what`: "Access tokens", "The account's time
    /// zone") run in local mode: the one wording, and exit 64 for every
    /// such command (the command cannot be used as run; nothing failed).
    /// `instead` names what local mode offers in its place.
    static func needsServerMode(_ what: String, instead: String? = nil) -> CommandError {
        CommandError(
            .usage, "\(what) live on a habits server; habits is in local mode.",
            hint: (instead.map { $0 + " " } ?? "") + useServerHint)
    }

    /// A time zone name the server (or this device) does not know.
    static func unknownTimeZone(_ name: String) -> CommandError {
        CommandError(
            .usage, "'\(name)' is not a time zone name.",
            hint: "Use an IANA name such as Europe/Berlin, America/New_York or UTC.")
    }

    /// No access token of that name.
    static func accessTokenNotFound(_ name: String) -> CommandError {
        CommandError(
            .failure, "No access token is named '\(name)'.",
            hint: "See the names with 'habits token list'.")
    }

    /// An access token of that name exists already.
    static func accessTokenNameTaken(_ name: String) -> CommandError {
        CommandError(
            .failure, "An access token named '\(name)' exists already.",
            hint: "Choose another name, or revoke it first with 'habits token revoke \(name)'.")
    }

    /// The account holds as many access tokens as the server keeps.
    static func accessTokenLimit(_ maximum: Int) -> CommandError {
        CommandError(
            .failure, "The account already has \(maximum) access tokens, the most it may hold.",
            hint: "Revoke one you no longer use with 'habits token revoke <name>'.")
    }

    // MARK: Damaged client state: a saved sign-in or a copy that cannot be used

    /// What is wrong with a saved sign-in that cannot be used, as a clause
    /// ("it is empty").
    static func signInProblem(_ error: TokenStoreError) -> String {
        switch error {
        case .corrupt(_, .empty): return "it is empty"
        case .corrupt(_, .notJSON): return "it is not JSON"
        case .corrupt(_, .notCredentials): return "it holds no sign-in this version of habits reads"
        case .corrupt(_, .tooLarge): return "it is larger than any saved sign-in"
        case .notRegularFile: return "it is a directory, a link or another special file"
        case .unreadable(_, let reason): return reason
        case .insecureFile: return "other users can read it"
        case .insecureDirectory: return "other users can write to its directory"
        case .wrongOwner: return "it belongs to another user"
        case .unwritable(_, let reason), .cannotLock(_, let reason): return reason
        case .keychain(_, let reason): return reason
        }
    }

    /// What `logout` says after removing a saved sign-in it could not use.
    static func removedUnusableSignIn(_ error: TokenStoreError) -> String {
        let place: String
        switch error {
        case .insecureFile(let path, _), .insecureDirectory(let path, _), .wrongOwner(let path),
            .notRegularFile(let path), .corrupt(let path, _), .unreadable(let path, _),
            .unwritable(let path, _), .cannotLock(let path, _):
            place = " at \(path)"
        case .keychain:
            place = ""
        }
        return "Removed the saved sign-in\(place), which could not be used "
            + "(\(signInProblem(error))): you are signed out on this device."
    }

    /// `self` (a sign-in that cannot be used now) saying what happens to
    /// the `waiting` changes this device has not sent: kept, never gone.
    func keepingChanges(_ waiting: Int) -> CommandError {
        guard waiting > 0 else { return self }
        var error = self
        let kept = Self.changesKept(waiting)
        error.hint = error.hint.map { $0 + " " + kept } ?? kept
        return error
    }

    /// The sentence saying that `waiting` changes not sent yet are kept.
    static func changesKept(_ waiting: Int) -> String {
        "The \(waiting) change\(waiting == 1 ? "" : "s") made on this device and not sent yet "
            + "\(waiting == 1 ? "is" : "are") kept, and sent once you are signed in again as "
            + "the same account."
    }

    /// Server mode while the saved sign-in says none, with changes waiting.
    static func notSignedIn(keeping waiting: Int) -> CommandError {
        CommandError.api(.signedOut).keepingChanges(waiting)
    }

    /// This device's copy of the account is an empty file: cut short, so
    /// it is not taken for a new copy (which would show nothing waiting).
    static func replicaCutShort(path: String) -> CommandError {
        CommandError(
            .failure,
            "This device's copy of the account, \(path), is empty: the file was cut short, and "
                + "any changes that waited in it to be sent are lost.",
            hint: "Move it aside or delete it; the next command fetches the account from the "
                + "server again.")
    }

    /// Waiting changes that this version cannot read (`count`): never
    /// counted as sent.
    static func unreadableChanges(_ count: Int) -> CommandError {
        let one = count == 1
        return CommandError(
            .failure,
            "\(count) change\(one ? "" : "s") waiting on this device cannot be read (damaged, or "
                + "saved by a newer version of habits), so \(one ? "it was" : "they were") not sent.",
            hint: "\(one ? "It is" : "They are") kept: a newer version of habits sends "
                + "\(one ? "it" : "them"), and 'habits sync --discard-rejected' drops "
                + "\(one ? "it" : "them") for good.")
    }

    /// `sync` on a server seen without the change feed.
    static let noChangeFeed = CommandError(
        .failure,
        "This server has no change feed, so this device keeps no copy to sync: every command "
            + "reads and writes on the server directly.",
        hint: "Upgrade the server to sync offline changes.")

    /// `sync` where no copy can be named (the platform cannot hash).
    static let noCopyToSync = CommandError(
        .failure,
        "This device cannot keep a copy of the account to sync: it has no SHA-256 to name it with.",
        hint: "Every command reads and writes on the server directly.")

    /// How to sign in.
    static let signInHint =
        "Sign in with 'habits auth email <address>', then 'habits verify <code>'."

    /// How to leave local mode.
    static let useServerHint =
        "To use a server, set one with 'habits config set server <url>' and sign in."
}

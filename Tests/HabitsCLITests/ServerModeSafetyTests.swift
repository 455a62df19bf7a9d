import Foundation
import HabitClient
import HabitCore
import HabitStorage
import HabitStore
import Testing

@testable import HabitsCLI

/// The parts of server-mode safety that need no server: the code's form,
/// what the cache may answer, and how unexpected answers read.
@Suite struct ServerModeSafetyTests {
    /// A mistyped code is refused before anything is sent, so it cannot use
    /// up one of the code's five attempts (port 9 would fail differently).
    @Test(arguments: ["12345", "1234567", "12a456", "", "１２３４５６"])
    func verifyRefusesACodeOfTheWrongForm(code: String) async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let run = await cli.run("--server", "http://127.0.0.1:9/api/", "verify", code)
        #expect(run.status == .usage, "\(run)")
        #expect(run.error.contains("the six digits from the email"), "\(run.error)")
    }

    @Test func verifyAcceptsSpacesAndDashesBetweenDigits() {
        #expect(SessionCommands.normalisedCode("123 456") == "123456")
        #expect(SessionCommands.normalisedCode("123-456") == "123456")
        #expect(SessionCommands.normalisedCode(" 123456 ") == "123456")
        #expect(SessionCommands.normalisedCode("12345") == nil)
    }

    static let monday = LocalDate(year: 2026, month: 11, day: 30)!
    static let habit = Habit(
        id: 1, name: "Read", frequency: .daily, measurementType: "pages",
        startDate: LocalDate(year: 2026, month: 11, day: 1)!, actionDays: .everyDay,
        targetValue: 10, status: .active, createdAt: Date(timeIntervalSince1970: 0),
        updatedAt: Date(timeIntervalSince1970: 0))

    static func snapshot(status: HabitStatusFilter?) -> HabitListCache.Snapshot {
        let wednesday = monday.adding(days: 2)
        return HabitListCache.Snapshot(
            server: "http://127.0.0.1:8000/api/", fetchedAt: Date(timeIntervalSince1970: 0),
            date: wednesday, today: wednesday, status: status?.rawValue,
            items: [
                HabitListCache.Snapshot.Item(
                    habit: habit,
                    completion: CompletionData(target: 10, current: 10, state: .success),
                    currentStreak: 4,
                    weekEntries: [
                        ProgressEntry(date: monday, value: 10),
                        ProgressEntry(date: wednesday, value: 10),
                    ])
            ])
    }

    @Test func theCacheAnswersForItsWeekAndKnowsItsStreakOnlyForItsDay() throws {
        let snapshot = Self.snapshot(status: .active)
        let wednesday = Self.monday.adding(days: 2)
        let same = try HabitListCache.overview(
            from: snapshot, status: .active, on: wednesday, today: wednesday)
        #expect(same.items.first?.currentStreak == 4)
        // Monday of the same week: progress worked out again, streak unknown.
        let earlier = try HabitListCache.overview(
            from: snapshot, status: .active, on: Self.monday, today: wednesday)
        #expect(earlier.items.first?.completion.state == .success)
        #expect(earlier.items.first?.currentStreak == nil)
        // The next day the same date's streak may have changed: unknown too.
        let later = try HabitListCache.overview(
            from: snapshot, status: .active, on: wednesday, today: wednesday.adding(days: 1))
        #expect(later.items.first?.currentStreak == nil)
        // Tuesday had no entry: failed once it is past.
        let tuesday = try HabitListCache.overview(
            from: snapshot, status: .active, on: Self.monday.adding(days: 1), today: wednesday)
        #expect(tuesday.items.first?.completion.state == .failed)
    }

    @Test func theCacheRefusesWhatItDoesNotHold() {
        let snapshot = Self.snapshot(status: .active)
        let wednesday = Self.monday.adding(days: 2)
        #expect(throws: HabitListCache.Gap.otherWeek(cached: wednesday)) {
            try HabitListCache.overview(
                from: snapshot, status: .active, on: Self.monday.adding(days: -1), today: wednesday)
        }
        #expect(throws: HabitListCache.Gap.archivedHabits) {
            try HabitListCache.overview(
                from: snapshot, status: .all, on: wednesday, today: wednesday)
        }
        // A cache written before the status was recorded held active habits.
        #expect(throws: HabitListCache.Gap.archivedHabits) {
            try HabitListCache.overview(
                from: Self.snapshot(status: nil), status: .archived, on: wednesday, today: wednesday
            )
        }
        #expect(
            (try? HabitListCache.overview(
                from: Self.snapshot(status: .all), status: .archived, on: wednesday,
                today: wednesday)) != nil)
    }

    @Test func anUnexpectedAnswerNamesStatusAndPathWithAHint() {
        let root = CommandError.api(.unexpectedResponse(status: 404, path: "/me/habits/"))
        #expect(
            root.message
                == "The server answered HTTP 404 to /me/habits/, which the habits API does not.")
        #expect(root.hint == "Is the server URL missing /api/? ('habits status' shows it.)")
        let other = CommandError.api(.unexpectedResponse(status: 502, path: "/api/me/habits/"))
        #expect(other.hint == "Check that the server URL points at a habits API.")
        #expect(other.exitCode == .failure)
        let unknown = CommandError.api(.outcomeUnknown(host: "h:1"), check: "habits show 3")
        #expect(unknown.exitCode == .unavailable)
        #expect(unknown.message.contains("may have been applied"))
        #expect(unknown.hint == "Run 'habits show 3' to check before trying again.")
    }
}

/// The advice for library errors is the command line's: every API and
/// credentials error gets a sentence, and the fixable ones a hint naming the
/// command, in the single quotes every hint uses.
@Suite struct FailureWordingTests {
    @Test func credentialsProblemsSayHowToFixThem() {
        let open = CommandError.tokenStore(.insecureFile(path: "/h/c.json", mode: 0o644))
        #expect(
            open.message == "The credentials file /h/c.json can be read by other users (mode 644).")
        #expect(open.hint?.contains("'chmod 600 /h/c.json'") == true)
        let corrupt = CommandError.tokenStore(.corrupt(path: "/h/c.json", damage: .notJSON))
        #expect(corrupt.message == "The saved sign-in at /h/c.json is damaged (it is not JSON).")
        #expect(corrupt.hint?.contains("'habits logout'") == true)
        #expect(corrupt.hint?.contains("'habits auth email <address>'") == true)
        let unreadable = CommandError.tokenStore(
            .unreadable(path: "/h/c.json", reason: "Permission denied"))
        #expect(
            unreadable.message == "Cannot read the saved sign-in at /h/c.json (Permission denied).")
        // With changes waiting, the hint says they are kept; without, nothing more.
        let kept = corrupt.keepingChanges(2)
        #expect(kept.message == corrupt.message)
        #expect(
            kept.hint?.hasSuffix(
                "The 2 changes made on this device and not sent yet are kept, and sent once you "
                    + "are signed in again as the same account.") == true)
        #expect(corrupt.keepingChanges(0) == corrupt)
        let full = CommandError.tokenStore(
            .unwritable(path: "/h/c.json", reason: "No space left on device"))
        #expect(full.hint?.contains("the session is kept") == true)
    }

    @Test func signInProblemsPointAtSigningIn() throws {
        for error: APIError in [.signedOut, .sessionExpired, .signedInElsewhere(server: "s")] {
            let failure = CommandError.api(error)
            #expect(failure.exitCode == .notSignedIn)
            #expect(failure.hint?.contains("'habits auth email <address>'") == true)
        }
        // How many wrong codes burn a code is the server's setting, which the
        // API does not expose: the hint says what to do and states no number.
        let hint = try #require(CommandError.api(.invalidCode).hint)
        #expect(hint.contains("'habits auth email <address>' sends a new one"))
        #expect(hint.allSatisfy { !$0.isNumber })
    }

    @Test func hintsUseSingleQuotesNeverBackticks() {
        let errors: [APIError] = [
            .invalidServerURL("x"), .insecureServer(URL(string: "http://example.com/")!),
            .unreachable(host: "h"), .connectionLost(host: "h"), .outcomeUnknown(host: "h"),
            .timeout(host: "h"), .secureConnectionFailed(host: "h"), .server(status: 503),
            .rateLimited(retryAfter: 3), .rateLimited(retryAfter: nil), .notFound,
            .habitLimit(message: ""), .habitTotalLimit(message: ""), .signedOut,
            .signedInElsewhere(server: "s"), .sessionExpired, .invalidCode, .noPendingSignIn,
            .unreadableToken(.noExpiry), .unexpectedResponse(status: 418, path: "/api/"),
            .notSupported(path: "/p"), .internalInconsistency("x"), .cancelled,
            .storage(.corrupt(path: "/c.json", damage: .empty)),
        ]
        for error in errors {
            let failure = CommandError.api(error)
            #expect(!failure.message.isEmpty)
            #expect(!failure.message.contains("`") && !(failure.hint ?? "").contains("`"))
            #expect(!failure.message.contains("\n"))
        }
        #expect(CommandError.api(.rateLimited(retryAfter: 1)).hint == "Try again in 1 second.")
    }

    /// The client reports what is wrong with a token as a case; the sentence
    /// is the command line's.
    @Test func anUnreadableTokenSaysWhatIsWrongWithIt() {
        #expect(
            CommandError.api(.unreadableToken(.notBase64URL)).message
                == "The server sent a sign-in token the client cannot read (the access token: "
                + "its payload is not base64url).")
        #expect(
            CommandError.api(.unreadableToken(.wrongClaimType("exp"))).message
                == "The server sent a sign-in token the client cannot read (the access token: "
                + "its exp claim has the wrong type).")
        #expect(
            CommandError.api(.unreadableToken(.noExpiry)).message
                == "The server sent a sign-in token the client cannot read (the access token "
                + "has no expiry).")
    }
}

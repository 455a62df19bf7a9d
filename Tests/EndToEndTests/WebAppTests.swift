import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// The web app in a real browser: runs Tests/Web/run.sh (Selenium driving
/// Debian's chromium through chromium-driver, in a virtualenv under .build)
/// against the habits-server built with these tests, at two phone sizes
/// and a desktop size. Without chromium, chromium-driver or python3-venv the test is
/// cancelled naming the package; under CI=true it fails instead.
@Suite struct WebAppTests {
    /// The package's root: three levels above this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The web app's status rules (rules.js) against HabitCore's cases
    /// (Tests/Web/history-cases.json, which HistoryCaseTests keeps), and
    /// its wording (words.js) against the word table the command line
    /// shares (Tests/Web/habit-words.json), its charts' shapes and words
    /// (charts.js), and its order of habits (order.js) against HabitOrder's
    /// cases (Tests/Web/order-cases.json): `node --test
    /// Tests/Web/rules.test.mjs Tests/Web/words.test.mjs
    /// Tests/Web/charts.test.mjs Tests/Web/order.test.mjs`. Without node the
    /// test is cancelled naming Debian's package, nodejs; under CI=true it fails.
    @Test func theWebAppsRulesGiveWhatHabitHistoryGives() async throws {
        let node = try RequiredTool.locate("node", package: "nodejs")
        // TAP, whose summary says how many passed, on every Node since 18.
        let result = try await Subprocess.run(
            node,
            [
                "--test", "--test-reporter=tap",
                Self.root.appendingPathComponent("Tests/Web/rules.test.mjs").path,
                Self.root.appendingPathComponent("Tests/Web/words.test.mjs").path,
                Self.root.appendingPathComponent("Tests/Web/charts.test.mjs").path,
                Self.root.appendingPathComponent("Tests/Web/order.test.mjs").path,
            ])
        let output = result.output + result.error
        #expect(result.status == 0, "\(output)")
        #expect(output.contains("# pass 18"), "\(output)")
        #expect(output.contains("# fail 0"), "\(output)")
    }

    @Test(.timeLimit(.minutes(20))) func theWebAppPassesItsBrowserTests() async throws {
        let chromium = try RequiredTool.locate("chromium")
        let driver = try RequiredTool.locate("chromedriver", package: "chromium-driver")
        let python = try RequiredTool.locate("python3")
        // python3 without its venv module (Debian splits it off) cannot make the virtualenv.
        guard try await Subprocess.run(python, ["-c", "import ensurepip, venv"]).status == 0 else {
            let reason = "python3's venv module is not installed (apt-get install python3-venv)"
            if RequiredTool.isRequired {
                Issue.record("\(reason); .ci/run installs it.")
                return
            }
            try Test.cancel("Not run: \(reason).")
        }
        // Waited for without holding a thread: the browser tests take minutes.
        let result = try await Subprocess.run(
            URL(fileURLWithPath: "/bin/sh"),
            [Self.root.appendingPathComponent("Tests/Web/run.sh").path],
            adding: [
                "HABITS_SERVER": Binaries.server.path, "HABITS_CLI": Binaries.habits.path,
                "CHROMIUM": chromium.path,
                "CHROMEDRIVER": driver.path,
                "HABITS_FIGURES": Self.root.appendingPathComponent(".build/web-figures.txt").path,
            ], directory: Self.root)
        let output = result.output + result.error
        #expect(result.status == 0, "browser tests failed:\n\(output.suffix(20_000))")
        #expect(output.contains("OK"), "no unittest summary:\n\(output.suffix(4_000))")
    }
}

import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// The snippets in Examples/prompt, which the README links, each run the way
/// its program runs it, with the built `habits` first on PATH.
///
/// bash expands PS1 with `${PS1@P}`, zsh with `print -P`, fish calls
/// `fish_right_prompt`; starship, tmux and waybar are not needed: the
/// command each configuration names is run with `sh -c`, as they run it.
/// A shell that is not installed skips its test, naming the Debian package,
/// except under CI=true, where the test runs and fails.
@Suite struct PromptSnippetTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/prompt")

    /// Whether `shell` is installed, or CI requires it anyway.
    static func runs(_ shell: String) -> Bool {
        ProcessInfo.processInfo.environment["CI"] == "true"
            || FileManager.default.isExecutableFile(atPath: "/usr/bin/\(shell)")
            || FileManager.default.isExecutableFile(atPath: "/bin/\(shell)")
    }

    /// A sandbox whose habits are due today: "Read" done, "Walk" not.
    private func sandbox() async throws -> Sandbox {
        let sandbox = try Sandbox()
        for name in ["Read", "Walk"] {
            let add = try await sandbox.habits(
                "add", name, "--daily", "--unit", "times", "--target", "1", "--days", "daily",
                "--start", "today")
            try #require(add.status == 0, "\(add)")
        }
        try #require(try await sandbox.habits("done", "Read").status == 0)
        return sandbox
    }

    private func environment(_ sandbox: Sandbox) -> [String: String] {
        var environment = sandbox.environment
        environment["PATH"] = Binaries.habits.deletingLastPathComponent().path + ":/usr/bin:/bin"
        return environment
    }

    private func run(_ program: URL, _ arguments: [String], in sandbox: Sandbox) async throws
        -> ProcessResult
    {
        try await Subprocess.run(
            program, arguments, environment: environment(sandbox), scratch: sandbox.root)
    }

    private func snippet(_ name: String) -> String {
        Self.examples.appendingPathComponent(name).path
    }

    @Test(.enabled(if: runs("bash"), "bash is not installed (Debian package bash)"))
    func bashPS1() async throws {
        let sandbox = try await sandbox()
        defer { sandbox.remove() }
        let result = try await run(
            try RequiredTool.locate("bash"),
            [
                "--norc", "-c", #"source "$1" && printf '%s' "${PS1@P}""#, "bash",
                snippet("bash.sh"),
            ],
            in: sandbox)
        #expect(result.status == 0 && result.error.isEmpty, "\(result)")
        #expect(result.output.hasPrefix("1/2 + 1d "), "\(result)")
    }

    @Test(.enabled(if: runs("zsh"), "zsh is not installed (Debian package zsh)"))
    func zshRPROMPT() async throws {
        let sandbox = try await sandbox()
        defer { sandbox.remove() }
        let result = try await run(
            try RequiredTool.locate("zsh"),
            ["-f", "-c", #"source "$1" && print -nP -- "$RPROMPT""#, "zsh", snippet("zsh.zsh")],
            in: sandbox)
        #expect(result.status == 0 && result.error.isEmpty, "\(result)")
        #expect(result.output == "1/2 + 1d", "\(result)")
    }

    @Test(.enabled(if: runs("fish"), "fish is not installed (Debian package fish)"))
    func fishRightPrompt() async throws {
        let sandbox = try await sandbox()
        defer { sandbox.remove() }
        let result = try await run(
            try RequiredTool.locate("fish"),
            ["--no-config", "-c", "source $argv[1]; and fish_right_prompt", snippet("fish.fish")],
            in: sandbox)
        #expect(result.status == 0 && result.error.isEmpty, "\(result)")
        #expect(result.output == "1/2 + 1d\n", "\(result)")
    }

    /// The value of `key = "…"` in the starship snippet.
    private func starshipCommand() throws -> String {
        let text = try String(contentsOfFile: snippet("starship.toml"), encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("command = ") })
        return String(line.dropFirst("command = \"".count).dropLast())
    }

    @Test func starshipCustomModule() async throws {
        let sandbox = try await sandbox()
        defer { sandbox.remove() }
        let result = try await run(
            try RequiredTool.locate("sh", package: "dash"), ["-c", try starshipCommand()],
            in: sandbox)
        #expect(result.status == 0 && result.output == "1/2 + 1d\n", "\(result)")
    }

    @Test func tmuxStatusRight() async throws {
        let sandbox = try await sandbox()
        defer { sandbox.remove() }
        let text = try String(contentsOfFile: snippet("tmux.conf"), encoding: .utf8)
        let start = try #require(text.range(of: "#("))
        let end = try #require(text[start.upperBound...].firstIndex(of: ")"))
        let command = String(text[start.upperBound..<end])
        let result = try await run(
            try RequiredTool.locate("sh", package: "dash"), ["-c", command], in: sandbox)
        #expect(result.status == 0, "\(result)")
        #expect(result.output == "1/2 done, next: Walk\n", "\(result)")
    }

    @Test func waybarCustomModule() async throws {
        let sandbox = try await sandbox()
        defer { sandbox.remove() }
        let config = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: snippet("waybar.json"))))
                as? [String: Any])
        let module = try #require(config["custom/habits"] as? [String: Any])
        #expect(module["return-type"] as? String == "json")
        let command = try #require(module["exec"] as? String)
        let result = try await run(
            try RequiredTool.locate("sh", package: "dash"), ["-c", command], in: sandbox)
        #expect(result.status == 0, "\(result)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "1/2 + 1d")
        #expect(object["class"] as? String == "pending")
        #expect(object["tooltip"] as? String == "Still to do: Walk")
        #expect(object["percentage"] as? Int == 50)
    }
}

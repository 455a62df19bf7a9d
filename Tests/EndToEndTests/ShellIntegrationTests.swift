import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// The built `habits`' completion scripts in real shells, its man page
/// through groff, and Examples/install.sh (which build it asks `swift`
/// for, and what it installs).
///
/// bash completion is driven as bash drives it: COMP_LINE, COMP_POINT,
/// COMP_WORDS and COMP_CWORD set, `_habits` called, COMPREPLY printed;
/// bash-completion is not needed. fish answers `complete -C` for a command
/// line. zsh and groff are checked for what they can say without a terminal:
/// the script parses and registers, the page renders with no warning. The
/// shells and groff are required, not skipped when missing: `.ci/run`
/// installs them.
@Suite struct ShellIntegrationTests {
    /// A sandbox whose local store holds "Drink water" and "Read".
    private func sandboxWithHabits() async throws -> Sandbox {
        let sandbox = try Sandbox()
        for name in ["Drink water", "Read"] {
            let add = try await sandbox.habits(
                "add", name, "--daily", "--unit", "times", "--target", "1", "--days", "daily",
                "--start", "2026-01-05")
            try #require(add.status == 0, "\(add)")
        }
        return sandbox
    }

    /// The sandbox's environment with the built `habits` first on PATH, as a
    /// user's shell finds it.
    private func shellEnvironment(_ sandbox: Sandbox) -> [String: String] {
        var environment = sandbox.environment
        environment["PATH"] = Binaries.habits.deletingLastPathComponent().path + ":/usr/bin:/bin"
        return environment
    }

    /// `habits completion shell`, saved in the sandbox.
    private func script(_ shell: String, in sandbox: Sandbox) async throws -> URL {
        let result = try await sandbox.habits("completion", shell)
        try #require(result.status == 0 && result.error.isEmpty, "\(result)")
        let file = sandbox.root.appendingPathComponent("habits.\(shell)")
        try Data(result.output.utf8).write(to: file)
        return file
    }

    /// COMPREPLY after completing `line` (the cursor at its end) in bash.
    private func bashCompletions(
        _ line: String, script: URL, sandbox: Sandbox
    ) async throws -> [String] {
        let driver = """
            source "$1" || exit 3
            COMP_LINE=$2
            COMP_POINT=${#COMP_LINE}
            read -ra COMP_WORDS <<< "$COMP_LINE"
            [[ $COMP_LINE == *' ' ]] && COMP_WORDS+=('')
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _habits habits "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            (( ${#COMPREPLY[@]} == 0 )) || printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try await Subprocess.run(
            try RequiredTool.locate("bash"), ["-c", driver, "bash", script.path, line],
            environment: shellEnvironment(sandbox), scratch: sandbox.root)
        try #require(result.status == 0 && result.error.isEmpty, "\(line): \(result)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsHabitNamesAndDayWords() async throws {
        let sandbox = try await sandboxWithHabits()
        defer { sandbox.remove() }
        let script = try await script("bash", in: sandbox)
        func complete(_ line: String) async throws -> [String] {
            try await bashCompletions(line, script: script, sandbox: sandbox)
        }
        #expect(try await complete("habits sh") == ["show"])
        // Names with spaces come back escaped for the line, or as they are
        // inside an opened quote; they match ignoring case, as habits does.
        #expect(try await complete("habits show ") == [#"Drink\ water"#, "Read"])
        #expect(try await complete("habits show dr") == [#"Drink\ water"#])
        #expect(try await complete(#"habits show Drink\ w"#) == [#"Drink\ water"#])
        #expect(try await complete(#"habits show "Dri"#) == ["Drink water"])
        #expect(try await complete("habits archive 'R") == ["Read"])
        #expect(try await complete("habits done Read ").isEmpty)  // <amount>: nothing to offer
        #expect(
            try await complete("habits add --days ")
                == [
                    "daily", "weekdays", "weekends", "mon", "tue", "wed", "thu", "fri", "sat",
                    "sun",
                ])
        #expect(try await complete("habits add --days mon,t") == ["mon,tue", "mon,thu"])
        // A day already in the list is not offered again.
        #expect(
            try await complete("habits add --days mon,")
                == ["mon,tue", "mon,wed", "mon,thu", "mon,fri", "mon,sat", "mon,sun"])
        #expect(
            try await complete("habits add --days=tue,mon,") == [
                "tue,mon,wed", "tue,mon,thu", "tue,mon,fri", "tue,mon,sat", "tue,mon,sun",
            ])
        // Only the dates a command accepts: no later day for 'done', a
        // planned skip (and its undo) ahead of today.
        #expect(try await complete("habits done Read --date tom") == [])
        #expect(try await complete("habits set Read 1 -d t") == ["today", "tuesday", "thursday"])
        #expect(try await complete("habits skip Read --date tom") == ["tomorrow"])
        #expect(try await complete("habits undo Read --date tom") == ["tomorrow"])
        // After '=' the shell replaces only what follows it.
        #expect(try await complete("habits edit Read --days=week") == ["weekdays", "weekends"])
        #expect(try await complete("habits show Read -d yes") == ["yesterday"])
        #expect(try await complete("habits show Read --mon") == ["--month", "--months"])
        #expect(try await complete("habits --js") == ["--json"])
        #expect(try await complete("habits completion ") == ["bash", "zsh", "fish"])
        #expect(try await complete("habits help sh") == ["show"])
        #expect(try await complete("habits __") == [])
    }

    @Test func bashCompletionNeverCreatesTheDatabase() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let script = try await script("bash", in: sandbox)
        #expect(try await bashCompletions("habits show ", script: script, sandbox: sandbox) == [])
        #expect(!FileManager.default.fileExists(atPath: sandbox.dataHome.path))
    }

    @Test func fishCompletesFromTheSameSpecs() async throws {
        let sandbox = try await sandboxWithHabits()
        defer { sandbox.remove() }
        let script = try await script("fish", in: sandbox)
        let check = try await Subprocess.run(
            try RequiredTool.locate("fish"), ["--no-execute", script.path],
            environment: shellEnvironment(sandbox), scratch: sandbox.root)
        #expect(check.status == 0 && check.error.isEmpty, "\(check)")
        func complete(_ line: String) async throws -> [String] {
            let result = try await Subprocess.run(
                try RequiredTool.locate("fish"),
                ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script.path, line],
                environment: shellEnvironment(sandbox), scratch: sandbox.root)
            try #require(result.status == 0 && result.error.isEmpty, "\(line): \(result)")
            return result.output.split(separator: "\n").map {
                String($0.split(separator: "\t", maxSplits: 1)[0])
            }
        }
        #expect(try await complete("habits sh") == ["show"])
        #expect(try await complete("habits show ") == ["Drink water", "Read"])
        #expect(try await complete("habits add --days mon,t") == ["mon,thu", "mon,tue"])
        #expect(!(try await complete("habits add --days mon,")).contains("mon,mon"))
        #expect(try await complete("habits add --days mon,").contains("mon,sun"))
        #expect(try await complete("habits done Read --date tom").isEmpty)
        #expect(try await complete("habits skip Read --date tom") == ["tomorrow"])
        #expect(try await complete("habits add --days ").contains("weekdays"))
        #expect(try await complete("habits done Read ").isEmpty)
    }

    @Test func zshScriptParsesAndRegisters() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let script = try await script("zsh", in: sandbox)
        let zsh = try RequiredTool.locate("zsh")
        let parse = try await Subprocess.run(
            zsh, ["-n", script.path], environment: shellEnvironment(sandbox), scratch: sandbox.root)
        #expect(parse.status == 0 && parse.error.isEmpty, "\(parse)")
        let load = try await Subprocess.run(
            zsh,
            [
                "-f", "-c",
                #"autoload -Uz compinit && compinit -u -D && source "$1" && print -r -- $_comps[habits]"#,
                "zsh", script.path,
            ], environment: shellEnvironment(sandbox), scratch: sandbox.root)
        #expect(load.status == 0 && load.output == "_habits\n", "\(load)")
        #expect(load.error.isEmpty, "\(load)")
    }

    @Test func manPageRendersWithoutWarnings() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let man = try await sandbox.habits("man")
        #expect(man.status == 0 && man.error.isEmpty, "\(man)")
        #expect(man.output.hasPrefix(#".\" Generated by 'habits man'"#))
        let page = sandbox.root.appendingPathComponent("habits.1")
        try Data(man.output.utf8).write(to: page)
        let rendered = try await Subprocess.run(
            try RequiredTool.locate("groff", package: "groff-base"),
            ["-ww", "-man", "-Tutf8", page.path],
            environment: shellEnvironment(sandbox), scratch: sandbox.root)
        #expect(rendered.status == 0, "\(rendered)")
        #expect(rendered.error.isEmpty, "groff warned: \(rendered.error)")
        let text = rendered.output.replacingOccurrences(
            of: ".\u{8}", with: "", options: .regularExpression)
        for section in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES",
            "EXAMPLES",
        ] {
            #expect(text.contains("\n\(section)\n"), "\(section)")
        }
        for word in ["HABITS_SERVER", "NO_COLOR", "XDG_DATA_HOME", "HOME", "64", "69", "77"] {
            #expect(text.contains(word), "\(word)")
        }
        #expect(text.contains("habits show \"Drink water\" --months 3"))
        #expect(!text.contains("__complete"))
    }

    @Test func installScriptIsIdempotent() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let prefix = sandbox.root.appendingPathComponent("prefix")
        let installer = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/install.sh")
        let files = [
            "bin/habits", "share/man/man1/habits.1", "share/bash-completion/completions/habits",
        ]
        var first: [Data] = []
        for run in 1...2 {
            let result = try await Subprocess.run(
                try RequiredTool.locate("bash"),
                [installer.path, "--prefix", prefix.path, "--binary", Binaries.habits.path],
                environment: sandbox.environment, scratch: sandbox.root)
            try #require(result.status == 0, "\(result)")
            let contents = try files.map { try Data(contentsOf: prefix.appendingPathComponent($0)) }
            if run == 1 { first = contents } else { #expect(contents == first) }
        }
        let installed = prefix.appendingPathComponent("bin/habits").path
        #expect(FileManager.default.isExecutableFile(atPath: installed))
        let man = try await sandbox.habits("man")
        #expect(first[1] == Data(man.output.utf8))
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: prefix.path)
            .filter { ($0 as NSString).lastPathComponent.hasPrefix(".") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        let bad = try await Subprocess.run(
            try RequiredTool.locate("bash"), [installer.path, "--prefix"],
            environment: sandbox.environment, scratch: sandbox.root)
        #expect(bad.status == 64 && bad.error.hasPrefix("Usage:"), "\(bad)")
    }

    /// What one run of Examples/install.sh asked of `swift` and installed.
    private struct InstallerRun {
        let result: ProcessResult
        let swiftCalls: [String]
        let root: String
        let installed: Data
        let fastStartBinary: Data
        let plainBinary: Data
        /// The installed `habits --version`, if anything was installed.
        let version: ProcessResult?
    }

    /// Runs Examples/install.sh with `arguments` against a `swift` of the
    /// test's own, first on PATH: it logs each call
    /// (`HABITS_FAST_START_LINK`'s value, then the arguments), answers
    /// `--show-bin-path` with a folder per build directory and, when
    /// `fastStartFails`, fails the fast-start build as a machine without
    /// `libstdc++.a` does. The plain build's `habits` is a wrapper script
    /// around the built one, the fast-start build's a copy of it, so the
    /// installed bytes say which was installed.

    private func runInstaller(
        _ arguments: [String], fastStartFails: Bool = false
    ) async throws -> InstallerRun {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let tools = sandbox.root.appendingPathComponent("tools")
        let fastBin = sandbox.root.appendingPathComponent("fast-bin")
        let plainBin = sandbox.root.appendingPathComponent("plain-bin")
        for folder in [tools, fastBin, plainBin] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(
            at: Binaries.habits, to: fastBin.appendingPathComponent("habits"))
        let log = sandbox.root.appendingPathComponent("swift-calls")
        let fakeSwift = """
            #!/bin/bash
            echo "${HABITS_FAST_START_LINK:-unset} $*" >>'\(log.path)'
            case " $* " in
            *" --show-bin-path "*)
                case " $* " in
                *" --scratch-path "*) echo '\(fastBin.path)' ;;
                *) echo '\(plainBin.path)' ;;
                esac
                exit 0 ;;
            esac
            if [ "${HABITS_FAST_START_LINK:-}" = 1 ] && \(fastStartFails); then
                echo "error: link command failed" >&2
                exit 1
            fi
            echo "Build complete!"

            """
        let wrapper = "#!/bin/sh\nexec '\(Binaries.habits.path)' \"$@\"\n"
        for (text, file) in [
            (fakeSwift, tools.appendingPathComponent("swift")),
            (wrapper, plainBin.appendingPathComponent("habits")),
        ] {
            try Data(text.utf8).write(to: file)
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        var environment = sandbox.environment
        environment["PATH"] = tools.path + ":/usr/bin:/bin"
        let prefix = sandbox.root.appendingPathComponent("prefix")
        let result = try await Subprocess.run(
            try RequiredTool.locate("bash"),
            [root.appendingPathComponent("Examples/install.sh").path, "--prefix", prefix.path]
                + arguments,
            environment: environment, scratch: sandbox.root)
        let installed = prefix.appendingPathComponent("bin/habits")
        let version =
            FileManager.default.isExecutableFile(atPath: installed.path)
            ? try await Subprocess.run(
                installed, ["--version"], environment: sandbox.environment, scratch: sandbox.root)
            : nil
        let calls = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return InstallerRun(
            result: result, swiftCalls: calls.split(separator: "\n").map(String.init),
            root: root.path, installed: (try? Data(contentsOf: installed)) ?? Data(),
            fastStartBinary: try Data(contentsOf: fastBin.appendingPathComponent("habits")),
            plainBinary: try Data(contentsOf: plainBin.appendingPathComponent("habits")),
            version: version)
    }

    #if os(Linux)
        @Test func installScriptBuildsTheFastStartHabits() async throws {
            let run = try await runInstaller([])
            try #require(run.result.status == 0, "\(run.result)")
            let fast =
                "1 build -c release --package-path \(run.root) --scratch-path \(run.root)/.build/fast-start"
            #expect(
                run.swiftCalls == [
                    "\(fast) --product habits --static-swift-stdlib --disable-local-rpath",
                    "\(fast) --show-bin-path",
                ])
            #expect(run.installed == run.fastStartBinary)
            #expect(run.version?.status == 0 && run.version?.output.hasPrefix("habits ") == true)
            #expect(run.result.error.contains("building the fast-start habits"))
            #expect(
                !run.result.output.contains("Build complete!"), "the build's progress is on stderr")
        }

        @Test func installScriptFallsBackToThePlainBuild() async throws {
            let run = try await runInstaller([], fastStartFails: true)
            try #require(run.result.status == 0, "\(run.result)")
            #expect(run.swiftCalls.count == 3)
            #expect(run.swiftCalls.first?.hasPrefix("1 build -c release") == true)
            #expect(
                Array(run.swiftCalls.dropFirst()) == [
                    "unset build -c release --package-path \(run.root) --product habits",
                    "unset build -c release --package-path \(run.root) --show-bin-path",
                ])
            #expect(
                run.result.error.contains(
                    "install.sh: the fast-start build failed; it needs libsqlite3.a and libstdc++.a"
                ))
            #expect(run.installed == run.plainBinary)
            #expect(run.version?.status == 0 && run.version?.output.hasPrefix("habits ") == true)
        }
    #endif

    @Test func installScriptBuildsThePlainHabitsWhenAsked() async throws {
        let run = try await runInstaller(["--dynamic"])
        try #require(run.result.status == 0, "\(run.result)")
        #expect(
            run.swiftCalls == [
                "unset build -c release --package-path \(run.root) --product habits",
                "unset build -c release --package-path \(run.root) --show-bin-path",
            ])
        #expect(run.installed == run.plainBinary)
        #expect(run.version?.status == 0 && run.version?.output.hasPrefix("habits ") == true)

        let both = try await runInstaller(["--dynamic", "--binary", Binaries.habits.path])
        #expect(both.result.status == 64 && both.swiftCalls.isEmpty, "\(both.result)")
        #expect(both.result.error.contains("--dynamic builds habits, --binary installs one"))
    }
}

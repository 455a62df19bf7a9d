import Testing

@testable import HabitServer

/// The sentences `habits-server` and its subcommands say for a command line
/// the shared binder cannot read, and what `--help` does wherever it stands.
@Suite struct ServerCommandLineWordsTests {
    private let home = ["HOME": "/tmp/habits-words-home"]

    private func problem(_ arguments: [String]) -> String? {
        do {
            _ = try ServerCommandLine.parse(arguments, environment: home)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func theServersProblemsAreItsOwnSentences() {
        #expect(problem(["--bogus"]) == "Unknown option --bogus; see habits-server --help.")
        #expect(problem(["-x"]) == "Unknown option -x; see habits-server --help.")
        #expect(problem(["stray"]) == "Unexpected argument \"stray\"; see habits-server --help.")
        #expect(problem(["--port"]) == "The option --port needs a value.")
        #expect(problem(["--no-web=1"]) == "The option --no-web does not take a value.")
        #expect(problem(["--port", "-1"])?.hasPrefix("The --port value") == true)
    }

    @Test func helpAndVersionEndTheLineAfterTheFlagsBeforeThem() throws {
        #expect(problem(["--port", "http", "--help"])?.hasPrefix("The --port value") == true)
        let help = try ServerCommandLine.parse(["--port", "0", "-h", "--bogus"], environment: home)
        guard case .help = help else {
            Issue.record("expected help, got \(help)")
            return
        }
        let version = try ServerCommandLine.parse(["--version", "stray"], environment: home)
        guard case .version = version else {
            Issue.record("expected the version, got \(version)")
            return
        }
    }

    @Test func aRepeatedValueFlagAppliesEachValueInOrder() throws {
        let command = try ServerCommandLine.parse(
            ["--port", "1", "--port=2", "--trusted-proxy", "10.0.0.1", "--trusted-proxy=::1"],
            environment: home)
        guard case .run(let configuration) = command else {
            Issue.record("expected a configuration")
            return
        }
        #expect(configuration.port == 2)
        #expect(configuration.settings.trustedProxies.networks.count == 2)
    }

    @Test func aSubcommandsProblemsNameItAndItsHelp() {
        func problem(_ arguments: [String]) -> SubcommandArguments.Problem? {
            do {
                _ = try SubcommandArguments.parse(
                    arguments, command: "backup", names: ["--to", "--database"])
                return nil
            } catch {
                return error
            }
        }
        #expect(
            problem(["--bogus"])
                == .usage(
                    "habits-server backup: unknown argument --bogus; "
                        + "see habits-server backup --help."))
        #expect(
            problem(["stray"])
                == .usage(
                    "habits-server backup: unknown argument stray; "
                        + "see habits-server backup --help."))
        #expect(problem(["--to"]) == .usage("habits-server backup: the option --to needs a value."))
        #expect(
            problem(["--to="]) == .usage("habits-server backup: the option --to needs a value."))
        #expect(problem(["--bogus", "-h"]) == .help)
    }

    @Test func aSubcommandReadsBothSpellingsAndTheLastValueWins() throws {
        let values = try SubcommandArguments.parse(
            ["--to", "a", "--database=db", "--to=b"], command: "backup",
            names: ["--to", "--database"])
        #expect(values == ["--to": "b", "--database": "db"])
    }

    @Test func migrateSaysItsProblemsAsBefore() {
        var errors: [String] = []
        let status = StoreMigrationCommand.run(
            ["--from"], environment: [:], output: { _ in }, errors: { errors.append($0) })
        #expect(status == 64)
        #expect(errors == ["habits-server migrate: the option --from needs a value."])
        errors = []
        let unknown = StoreMigrationCommand.run(
            ["--form", "sqlite:x"], environment: [:], output: { _ in },
            errors: { errors.append($0) })
        #expect(unknown == 64)
        #expect(
            errors == [
                "habits-server migrate: unknown argument --form; see habits-server migrate --help."
            ])
        var output: [String] = []
        #expect(
            StoreMigrationCommand.run(
                ["--to", "x", "--help"], environment: [:], output: { output.append($0) },
                errors: { _ in }) == 0)
        #expect(output == [StoreMigrationCommand.usage])
    }
}

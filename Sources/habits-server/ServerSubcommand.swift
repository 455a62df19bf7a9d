import Foundation
import HabitServer

/// The commands of `habits-server` other than serving: `migrate`, `check`,
/// `backup` and `restore`, each with its own flags and `--help`.
enum ServerSubcommand: String {
    case migrate
    case check
    case backup
    case restore

    init?(_ word: String?) {
        guard let word, let command = Self(rawValue: word) else { return nil }
        self = command
    }

    /// Runs the command for `arguments` (after its name); returns the exit status.
    func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        let output: (String) -> Void = { print($0) }
        let errors: (String) -> Void = {
            FileHandle.standardError.write(Data("\($0)\n".utf8))
        }
        switch self {
        case .migrate:
            return StoreMigrationCommand.run(
                arguments, environment: environment, output: output, errors: errors)
        case .check:
            return HealthCheckCommand.run(arguments, output: output, errors: errors)
        case .backup:
            return BackupCommand.run(
                arguments, environment: environment, output: output, errors: errors)
        case .restore:
            return RestoreCommand.run(
                arguments, environment: environment, output: output, errors: errors)
        }
    }
}

import Foundation

/// Every option from the environment: `--backup-every 6h` is also
/// `HABITS_BACKUP_EVERY=6h`, for containers and systemd's `Environment=`.
/// A flag on the command line wins over its variable.
extension ServerCommandLine {
    /// `--max-accounts` → `HABITS_MAX_ACCOUNTS`.
    static func environmentName(of flag: String) -> String {
        "HABITS_"
            + flag.drop(while: { $0 == "-" }).uppercased().replacingOccurrences(
                of: "-", with: "_")
    }

    /// Sets the options whose variables are set and not empty, in the flags'
    /// order; a bad value is the flag's own error, naming the variable.
    static func applyEnvironment(_ environment: [String: String], to options: inout Options)
        throws(UsageError)
    {
        for flag in flags {
            let name = environmentName(of: flag.name)
            guard let value = environment[name], !value.isEmpty else { continue }
            switch flag.action {
            case .value(_, let read):
                do {
                    try read(value, &options)
                } catch {
                    throw UsageError("\(name): \(error.description)")
                }
            case .toggle(let set) where flag.readsEnvironment:
                switch value.lowercased() {
                case "1", "true", "yes", "on": set(&options)
                case "0", "false", "no", "off": continue
                default:
                    throw UsageError("\(name) must be 1 or 0 (true or false), not \"\(value)\".")
                }
            case .toggle, .command:
                // --print-config, --help, --version: what to do, not how to run.
                continue
            }
        }
    }
}

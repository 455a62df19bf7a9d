/// The options every `habits` command accepts, declared once: the binder,
/// help, completion and the manual read their specs (`OptionSpec.global`),
/// and the output style and commands read them by these keys.
enum GlobalOptions {
    static let json = Flag(
        "json", help: "Print JSON instead of text (stable shapes, documented in the README).")
    static let noColor = Flag(
        "no-color", help: "Never use colour (NO_COLOR in the environment does the same).")
    static let ascii = Flag("ascii", help: "Use plain ASCII symbols, even on a UTF-8 terminal.")
    static let server = Option(
        "server", valueName: "url",
        help: "Use this server for one command (overrides HABITS_SERVER and the config file).")
    static let help = Flag("help", short: "h", help: "Show help for the command.")
    /// Answered before any command (`habits --version`), so no command binds it.
    static let version = Flag("version", help: "Print the version.")
}

extension OptionSpec {
    /// Options every command accepts, in the order help lists them.
    static let global: [OptionSpec] = [
        GlobalOptions.json.spec, GlobalOptions.noColor.spec, GlobalOptions.ascii.spec,
        GlobalOptions.server.spec, GlobalOptions.help.spec,
    ]
}

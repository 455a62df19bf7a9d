import Foundation

/// The flags of server reminders and webhooks.
extension ServerCommandLine {
    static let reminderFlags: [ServerFlag] = [
        ServerFlag(
            name: "--allow-private-targets",
            help: [
                "let webhooks and ntfy topics be on loopback",
                "and private networks, and then plain http",
                "(HABITS_ALLOW_PRIVATE_TARGETS=1)",
            ],
            action: .toggle { options in options.reminders.allowPrivateTargets = true }),
        ServerFlag(
            name: "--reminder-interval",
            help: ["seconds between reminder runs (default 30;", "0 sends no reminders)"],
            action: .value(placeholder: "SECONDS") { value, options throws(UsageError) in
                guard let seconds = Int(value), (0...3_600).contains(seconds) else {
                    throw UsageError(
                        "The --reminder-interval value must be a whole number of seconds from 0 to 3600."
                    )
                }
                options.reminders.interval = seconds
            }),
        ServerFlag(
            name: "--public-url",
            help: ["the address notifications link to", "(default http://HOST:PORT/)"],
            action: .value(placeholder: "URL") { value, options throws(UsageError) in
                guard let components = URLComponents(string: value),
                    ["http", "https"].contains(components.scheme?.lowercased() ?? ""),
                    components.host?.isEmpty == false
                else {
                    throw UsageError("The --public-url value must be an http:// or https:// URL.")
                }
                options.reminders.publicURL = value
            }),
    ]

    /// Puts the reminder options in the configuration, with the
    /// environment's HABITS_ALLOW_PRIVATE_TARGETS (a toggle has no value
    /// the general environment rule could read).
    static func applyReminders(
        _ options: Options, environment: [String: String],
        to configuration: inout ServerConfiguration
    ) throws(UsageError) {
        var reminders = options.reminders
        if let value = environment["HABITS_ALLOW_PRIVATE_TARGETS"], !value.isEmpty {
            switch value.lowercased() {
            case "1", "true", "yes": reminders.allowPrivateTargets = true
            case "0", "false", "no": break
            default:
                throw UsageError("HABITS_ALLOW_PRIVATE_TARGETS must be 1 or 0.")
            }
        }
        configuration.reminders = reminders
    }
}

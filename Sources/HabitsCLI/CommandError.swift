import HabitCore

/// A command that could not do what was asked: one sentence saying what went
/// wrong, optional detail lines (each field's problems, the candidates of an
/// ambiguous name), a hint saying what to do, and the exit status.
///
/// Shown on standard error as `habits: <message>`, the details indented, then
/// the hint. Never a stack trace, raw JSON or a secret.
struct CommandError: Error, Hashable, Sendable, CustomStringConvertible {
    var exitCode: ExitCode
    var message: String
    var details: [String]
    var hint: String?

    init(
        _ exitCode: ExitCode, _ message: String, details: [String] = [], hint: String? = nil
    ) {
        self.exitCode = exitCode
        self.message = message
        self.details = details
        self.hint = hint
    }

    var description: String { message }

    /// A command-line mistake (exit 64).
    init(_ usage: UsageError) {
        self.init(.usage, usage.description, hint: usage.hint)
    }

    /// Field problems, each on its line under `message`, with the fields
    /// named as the command line spells them (`--target`, not `target_value`).
    static func invalid(_ error: ValidationError, _ message: String) -> CommandError {
        let details = error.fields.keys.sorted { fieldOrder($0) < fieldOrder($1) }.map {
            "\(fieldLabel($0)): \((error.fields[$0] ?? []).joined(separator: " "))"
        }
        return CommandError(.failure, message, details: details)
    }

    /// An exit status with nothing more to say: the output already said it.
    static func silent(_ exitCode: ExitCode) -> CommandError {
        CommandError(exitCode, "")
    }

    /// The command-line spelling of an API field name.
    static func fieldLabel(_ field: String) -> String {
        switch field {
        case "name": return "name"
        case "frequency": return "--daily/--weekly/--monthly/--every"
        case "goal": return "--at-least/--at-most"
        case "period_days": return "--every"
        case "group": return "--group"
        case "measurement_type": return "--unit"
        case "target_value": return "--target"
        case "action_days": return "--days"
        case "start_date": return "--start"
        case "icon": return "--icon"
        case "color": return "--color"
        case "status": return "status"
        case "value": return "value"
        default: return field
        }
    }

    private static func fieldOrder(_ field: String) -> String {
        let order = [
            "name", "frequency", "period_days", "goal", "measurement_type", "target_value",
            "action_days", "start_date", "group", "icon", "color",
        ]
        return order.firstIndex(of: field).map { "\($0)" } ?? "9" + field
    }
}

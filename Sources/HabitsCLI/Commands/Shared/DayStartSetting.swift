import Foundation
import HabitClient
import HabitCore

/// `habits config day-starts-at [HH:MM]`: when the person's day ends,
/// shown or set. In local mode it is the config key `day-starts-at`; in
/// server mode the account's `day_starts_at` on `/api/me/`, remembered on
/// this device (`DaySetting`) each time the server tells it.
enum DayStartSetting {
    /// Shows the boundary (`text` nil) or sets it to `text`.
    static func run(setting text: String?, in context: CommandContext) async throws(CommandError) {
        var boundary: DayBoundary?
        if let text {
            guard let read = DayBoundary(text) else { throw .invalidDayStart(text) }
            boundary = read
        }
        let held: DayBoundary
        if try context.serverSelection() != nil {
            held = try await account(setting: boundary, in: context)
        } else {
            held = try local(setting: boundary, in: context)
        }
        if context.style.json {
            try context.writeJSON(["day_starts_at": JSONScalar.string(held.text)])
            return
        }
        context.output.line("\(DaySetting.key) = \(held.text)")
    }

    /// The config key, set to `boundary` when one is given.
    private static func local(setting boundary: DayBoundary?, in context: CommandContext)
        throws(CommandError) -> DayBoundary
    {
        let file = ConfigFile(path: try context.paths().configFile)
        var settings = try file.load(repairing: boundary != nil)
        guard let boundary else {
            return settings[DaySetting.key].flatMap(DayBoundary.init) ?? .midnight
        }
        settings[DaySetting.key] = boundary.text
        try file.save(settings)
        return boundary
    }

    /// The account's boundary, set to `boundary` when one is given, and
    /// remembered on this device.
    private static func account(setting boundary: DayBoundary?, in context: CommandContext)
        async throws(CommandError) -> DayBoundary
    {
        let session = try SessionCommands(context: context)
        let held: DayBoundary?
        do throws(APIError) {
            if let boundary {
                held = try await session.client.setAccountDayStart(boundary)
            } else {
                held = try await session.client.accountDayStart()
            }
        } catch .validation(let problems) where problems.fields["day_starts_at"] != nil {
            throw .invalidDayStart(boundary?.text ?? "")
        } catch .notSupported {
            throw .dayStartNotSupported
        } catch {
            throw .api(error)
        }
        guard let held else { throw .dayStartNotSupported }
        DaySetting.remember(held, server: session.server, paths: try context.paths())
        return held
    }

    /// Remembers the account's boundary after a sign-in, so that this
    /// device's today is the account's at once; quietly does nothing when
    /// the server keeps none or cannot be asked.
    static func fetchAfterSignIn(with client: HabitAPIClient, paths: CLIPaths) async {
        guard let held = try? await client.accountDayStart() else { return }
        DaySetting.remember(held, server: client.configuration.baseURLString, paths: paths)
    }
}

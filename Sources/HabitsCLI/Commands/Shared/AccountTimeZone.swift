import Foundation
import HabitClient
import HabitCore

/// `habits config time-zone [ZONE]`: the signed-in account's time zone on
/// the server, shown or set; and the device's zone sent at sign-in.
enum AccountTimeZone {
    /// Shows the account's zone (`setting` nil) or sets it to `setting`.
    static func run(setting zone: String?, in context: CommandContext) async throws(CommandError) {
        guard try context.serverSelection() != nil else {
            throw .needsServerMode("The account's time zone and its settings")
        }
        if let zone, TimeZone(identifier: zone) == nil { throw .unknownTimeZone(zone) }
        let session = try SessionCommands(context: context)
        let held: String?
        do throws(APIError) {
            if let zone {
                held = try await session.client.setAccountTimeZone(zone)
            } else {
                held = try await session.client.accountTimeZone()
            }
        } catch .validation(let problems) where problems.fields["time_zone"] != nil {
            throw .unknownTimeZone(zone ?? "")
        } catch {
            throw .api(error)
        }
        if context.style.json {
            try context.writeJSON(["time_zone": held.map(JSONScalar.string) ?? .null])
            return
        }
        guard let held else {
            context.output.line("The server keeps no time zone for the account.")
            return
        }
        context.output.line("time-zone = \(held)")
    }

    /// Sends this device's zone after a sign-in, so the server's dates are
    /// the person's; quietly does nothing when the server keeps no zone or
    /// the device's is no IANA name (a `GMT+2` offset).
    static func sendDeviceZone(_ zone: TimeZone, with client: HabitAPIClient) async {
        _ = try? await client.setAccountTimeZone(zone.identifier)
    }
}

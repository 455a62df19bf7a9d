import Foundation
import HabitConcurrency
import HabitFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Delivers each message as a file in a directory: the development mailer.
///
/// One file per message, `<UTC time>-<sequence>-<random>.eml` (for example
/// `20261130T190000.123456Z-000001-9f2c41d0.eml`), so names sort by time and
/// never collide. Each file is the RFC 5322 text of `MailMessage`, written to a
/// hidden temporary file (`.…tmp`) and renamed, so a reader never sees half a
/// message; mode 0600, since it holds a sign-in code.
package final class OutboxMailer: Mailer {
    package let directory: URL
    private let random: RandomSource
    private let sequence = AtomicCounter()

    /// Creates `directory` (mode 0700) when it does not exist.
    package init(directory: URL, random: RandomSource = .system) throws(MailError) {
        self.directory = directory
        self.random = random
        do {
            try AtomicFile.createDirectory(directory.path)
        } catch {
            throw MailError(
                "Cannot create the outbox directory \(directory.path): \(error.reason).")
        }
    }

    package func send(_ message: MailMessage) throws(MailError) -> String {
        let final = directory.appendingPathComponent(fileName(message))
        // Written beside it under a hidden name and renamed, so a reader of
        // the outbox never sees half a message.
        do {
            let file = try PendingFile(replacing: final.path, permissions: 0o600)
            try file.write(Data(message.rendered.utf8))
            try file.install()
        } catch {
            throw MailError(
                "Cannot write the message \(final.path) into the outbox: \(error.reason).")
        }
        return "outbox \(final.path)"
    }

    /// Writes, flushes and names the message as `send` does, under a name
    /// no reader of the outbox lists, then removes it off the request's
    /// thread: removing a file costs more than naming one, and the answer
    /// must not wait for what a real send does not do.
    package func rehearse(_ message: MailMessage) {
        // Hidden and without `.eml`, so no reader of the outbox takes it for a message.
        let name = "." + fileName(message) + ".rehearsal"
        let final = directory.appendingPathComponent(name).path
        guard let file = try? PendingFile(replacing: final, permissions: 0o600) else { return }
        try? file.write(Data(message.rendered.utf8))
        guard (try? file.install()) != nil else { return }
        DispatchQueue.global(qos: .utility).async { _ = unlink(final) }
    }

    /// `<UTC time>-<sequence>-<random>.eml`, a name no other message has.
    private func fileName(_ message: MailMessage) -> String {
        let number = sequence.next() &+ 1
        return
            "\(Self.timestamp(message.date))-\(Self.padded(number))-\(Self.hex(random.bytes(4))).eml"
    }

    private static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let seconds = date.timeIntervalSince1970
        let micros = Int(((seconds - seconds.rounded(.down)) * 1_000_000).rounded(.down))
        func pad(_ value: Int?, _ width: Int) -> String {
            let digits = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return pad(c.year, 4) + pad(c.month, 2) + pad(c.day, 2) + "T" + pad(c.hour, 2)
            + pad(c.minute, 2) + pad(c.second, 2) + "." + pad(micros, 6) + "Z"
    }

    private static func padded(_ number: UInt) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

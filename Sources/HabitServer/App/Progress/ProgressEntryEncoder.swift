import Foundation
import HabitCore

/// Encodes one progress entry, the answer of a day's PUT and of the
/// increment, byte for byte as `JSONBody` would:
/// `{"date":…,"note":…,"skipped":…,"value":…}`, keys sorted, `note` left
/// out when there is none, the value written as `JSONEncoder` writes a
/// `Decimal` (its `description`, which `DecimalNotation.plain` writes for
/// less).
///
/// Measured (callgrind, `Tests/Load/instructions.sh`): `JSONEncoder` took
/// about 35,000 instructions of a PUT's 235,000 for these four members. A
/// note with a character that JSON escapes (a quote, a backslash, a control
/// character) is left to `JSONEncoder`, so no escaping is written here.
enum ProgressEntryEncoder {
    /// The entry's JSON; `nil` when its note has a character JSON escapes.
    static func encode(_ entry: ProgressEntry) -> Data? {
        var output: [UInt8] = []
        output.reserveCapacity(96)
        output += #"{"date":""#.utf8
        output += entry.date.description.utf8
        output.append(UInt8(ascii: "\""))
        if let note = entry.note {
            guard note.utf8.allSatisfy(isPlain) else { return nil }
            output += #","note":""#.utf8
            output += note.utf8
            output.append(UInt8(ascii: "\""))
        }
        output +=
            (entry.skipped ? #","skipped":true,"value":"# : #","skipped":false,"value":"#).utf8
        output += DecimalNotation.plain(entry.value).utf8
        output.append(UInt8(ascii: "}"))
        return Data(output)
    }

    /// Whether JSON writes the byte as it is inside a string (UTF-8 beyond
    /// ASCII included: `JSONEncoder` does not escape it).
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }
}

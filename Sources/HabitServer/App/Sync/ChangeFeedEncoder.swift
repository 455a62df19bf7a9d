import Foundation
import HabitCore
import HabitStorage

/// Encodes a feed page, byte for byte as `JSONBody` would encode
/// `ChangeFeedJSON` (keys sorted), writing the entry changes, which are
/// nearly all of a full read, with `ProgressEntryEncoder`'s bytes.
///
/// Measured over HTTP (debug build, 54,765 changes in 11 pages): 5.1 s with
/// `JSONEncoder` for every change. A change `ProgressEntryEncoder` leaves
/// alone (a note JSON escapes), a habit and the envelope's cursor still go
/// through `JSONEncoder`.
enum ChangeFeedEncoder {
    static func encode(_ page: ChangePage) -> Data {
        var output: [UInt8] = []
        output.reserveCapacity(page.changes.count * 110 + 64)
        output += Array(#"{"changes":["#.utf8)
        for (index, change) in page.changes.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output += bytes(of: change)
        }
        output += Array(#"],"cursor":"#.utf8)
        output += json(page.cursor.text)
        output += Array((page.more ? #","more":true}"# : #","more":false}"#).utf8)
        return Data(output)
    }

    /// One change: `{"entry":{…,"version":"N"},"habit_id":N,"kind":"entry"}`
    /// written here when it can be, else `JSONEncoder`'s bytes.
    static func bytes(of change: Change) -> [UInt8] {
        guard case .entry(let habitID, let entry, let version) = change,
            let encoded = ProgressEntryEncoder.encode(entry)
        else { return json(change) }
        var output: [UInt8] = []
        output.reserveCapacity(encoded.count + 64)
        output += Array(#"{"entry":"#.utf8)
        // The entry's object without its closing brace, copied whole: a
        // `dropLast()` here iterated `Data` byte by byte (12 % of the
        // server's time serving a full read, by perf).
        encoded.withUnsafeBytes { bytes in output.append(contentsOf: bytes.dropLast()) }
        output += Array(
            #","version":"\#(version)"},"habit_id":\#(habitID),"kind":"entry"}"#.utf8)
        return output
    }

    private static func json(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map(Array.init) ?? Array("null".utf8)
    }
}

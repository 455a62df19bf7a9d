import Foundation
import HabitCore
import HabitHTTP
import Testing

@testable import HabitServer

/// `ProgressEntryEncoder` writes what `JSONEncoder` writes for an entry.
@Suite struct ProgressEntryEncoderTests {
    static let values = [
        "0", "1", "0.1", "3.5", "12.50", "0.000001", "999999999.999999", "1000000000", "42",
        "0.25", "7.000",
    ]
    static let notes: [String?] = [
        nil, "sick", "a note with spaces", "déjà vu 🏃 ünïcode", "slash / kept", "x",
        "tab\there", "quote \" inside", "back\\slash", "line\u{2028}separator", "del\u{7F}",
    ]

    @Test(arguments: values, notes) func theBytesAreJSONEncodersBytes(value: String, note: String?)
        throws
    {
        let amount = try #require(Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")))
        for skipped in [false, true] {
            let entry = ProgressEntry(
                date: LocalDate(year: 2026, month: 3, day: 9)!, value: amount, skipped: skipped,
                note: note)
            let expected = JSONBody.response(status: 200, entry).body
            #expect(JSONBody.response(status: 200, entry: entry).body == expected)
        }
    }

    @Test func aNoteThatJSONEscapesIsLeftToJSONEncoder() {
        let date = LocalDate(year: 2026, month: 3, day: 9)!
        #expect(
            ProgressEntryEncoder.encode(ProgressEntry(date: date, value: 1, note: "a\"b")) == nil)
        #expect(
            ProgressEntryEncoder.encode(ProgressEntry(date: date, value: 1, note: "a\nb")) == nil)
        #expect(
            ProgressEntryEncoder.encode(ProgressEntry(date: date, value: 1, note: "ok"))
                == Data(#"{"date":"2026-03-09","note":"ok","skipped":false,"value":1}"#.utf8))
    }
}

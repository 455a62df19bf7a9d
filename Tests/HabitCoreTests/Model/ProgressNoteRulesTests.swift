import Foundation
import HabitCore
import Testing

/// The rules of a day's note, and its wire form.
@Suite struct ProgressNoteRulesTests {
    @Test func aNoteIsTrimmedAndBlankMeansNone() {
        #expect(ProgressEntry.problems(note: "  sick \n") == [])
        #expect(ProgressEntry.note("  sick \n") == "sick")
        #expect(ProgressEntry.note("") == nil)
        #expect(ProgressEntry.note(" \t ") == nil)
        #expect(ProgressEntry.problems(note: "") == [])
    }

    @Test func fiveHundredScalarsAsGivenIsTheMost() {
        let most = String(repeating: "a", count: 500)
        #expect(ProgressEntry.problems(note: most) == [])
        #expect(
            ProgressEntry.problems(note: most + "a") == [
                "A note may have at most 500 characters (this one has 501)."
            ])
        // Counted in scalars: "é" as e + combining accent is two of them.
        let decomposed = String(repeating: "e\u{301}", count: 250)
        #expect(ProgressEntry.problems(note: decomposed) == [])
        #expect(ProgressEntry.problems(note: decomposed + "e").count == 1)
        // White space counts as sent, as the API's maxLength does.
        #expect(ProgressEntry.problems(note: most + " ").count == 1)
    }

    @Test(arguments: ["a\nb", "a\rb", "a\tb", "a\u{7}b", "a\u{85}b", "a\u{2028}b", "a\u{2029}b"])
    func aNoteIsOneLine(_ text: String) {
        #expect(
            ProgressEntry.problems(note: text) == [
                "A note is one line: it may not contain line breaks or other control characters."
            ])
    }

    @Test func theWireFormCarriesTheNoteOnlyWhenThereIsOne() throws {
        let day = try #require(LocalDate("2026-11-05"))
        let decoder = JSONDecoder()
        for text in [
            #"{"date":"2026-11-05","value":1,"skipped":false}"#,
            #"{"date":"2026-11-05","value":1,"skipped":false,"note":null}"#,
        ] {
            #expect(
                try decoder.decode(ProgressEntry.self, from: Data(text.utf8))
                    == ProgressEntry(date: day, value: 1))
        }
        let noted = try decoder.decode(
            ProgressEntry.self,
            from: Data(#"{"date":"2026-11-05","value":1,"skipped":true,"note":"sick"}"#.utf8))
        #expect(noted == ProgressEntry(date: day, value: 1, skipped: true, note: "sick"))

        let without = try #require(
            try JSONSerialization.jsonObject(
                with: JSONEncoder().encode(ProgressEntry(date: day, value: 1))) as? [String: Any])
        #expect(without["note"] == nil)
        let with = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(noted)) as? [String: Any])
        #expect(with["note"] as? String == "sick")
    }

    @Test func anyTextFitsANoteOrNone() throws {
        #expect(ProgressEntry.note(fitting: " felt\r\ngood\t") == "felt  good")
        #expect(ProgressEntry.note(fitting: "a\u{2028}b") == "a b")
        #expect(ProgressEntry.note(fitting: "\n \u{7}") == nil)
        let long = try #require(ProgressEntry.note(fitting: String(repeating: "é", count: 700)))
        #expect(long.unicodeScalars.count == 500)
        #expect(ProgressEntry.problems(note: long) == [])
    }

    @Test func aChangeKeepsReplacesOrRemoves() {
        #expect(NoteChange.keep.applied(to: "old") == "old")
        #expect(NoteChange.replace("new").applied(to: "old") == "new")
        #expect(NoteChange.replace(nil).applied(to: "old") == nil)
    }
}

import Foundation
import HabitCore
import Testing

/// A habit's icon (one emoji) and colour (`#rrggbb`): what each accepts, how
/// they validate with the other fields, and how they travel as JSON.
@Suite struct HabitMarksTests {
    private func fields(icon: String? = nil, color: String? = nil) -> HabitFields {
        HabitFields(
            name: "Run", frequency: .daily, measurementType: "km",
            startDate: HistoryFixture.day("2026-11-02"), actionDays: .everyDay,
            targetValue: 5, icon: icon, color: color)
    }

    @Test(arguments: [
        "🏃", "❤️", "👍🏽", "🇫🇷", "1️⃣", "#️⃣", "👨‍👩‍👧‍👦", "🏳️‍🌈", "©️",
        "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
    ])
    func oneEmojiIsAnIcon(_ icon: String) {
        #expect(HabitFields.problems(icon: icon).isEmpty)
    }

    /// Text, digits, a text-presentation symbol without U+FE0F, two emoji,
    /// an emoji with text, control characters and the empty string are not.
    @Test(arguments: [
        "a", "1", "#", "©", "☺", "🏃🏃", "🏃 ", " 🏃", "🏃a", "", "\u{1B}[31m", "\u{200D}",
        "\u{FE0F}", "🏃\u{0007}", "é", "日",
    ])
    func anythingElseIsNot(_ icon: String) {
        #expect(HabitFields.problems(icon: icon) == ["Enter exactly one emoji."])
    }

    @Test(arguments: ["#000000", "#1e90ff", "#ffffff"])
    func sixLowerCaseHexDigitsAreAColor(_ color: String) {
        #expect(HabitFields.problems(color: color).isEmpty)
    }

    @Test(arguments: ["#1E90FF", "1e90ff", "#1e90f", "#1e90ff0", "#ggg000", "blue", "", "#fff"])
    func otherTextIsNotAColor(_ color: String) {
        #expect(!HabitFields.problems(color: color).isEmpty)
    }

    @Test func componentsReadTheHexDigits() throws {
        let parts = try #require(HabitFields.components(color: "#1e90ff"))
        #expect([parts.red, parts.green, parts.blue] == [0x1E, 0x90, 0xFF])
        #expect(HabitFields.components(color: "#1E90FF") == nil)
    }

    @Test func badMarksAreReportedWithTheOtherFields() throws {
        var wrong = fields(icon: "run", color: "red")
        wrong.name = " "
        let error = try #require(#expect(throws: ValidationError.self) { try wrong.validated() })
        #expect(Set(error.fields.keys) == ["name", "icon", "color"])
        #expect(try fields(icon: "🏃", color: "#00ff00").validated().icon == "🏃")
    }

    /// A change sets, keeps or removes each mark.
    @Test func changesSetKeepOrRemoveMarks() throws {
        let base = fields(icon: "🏃", color: "#112233")
        #expect(try HabitChanges(name: "Jog").applied(to: base).icon == "🏃")
        #expect(try HabitChanges(icon: .some("🚴")).applied(to: base).icon == "🚴")
        let cleared = try HabitChanges(icon: .some(nil), color: .some(nil)).applied(to: base)
        #expect(cleared.icon == nil && cleared.color == nil)
        #expect(throws: ValidationError.self) {
            try HabitChanges(color: .some("#XYZ")).applied(to: base)
        }
    }

    /// Marks are written when set and left out when not; a reader drops a
    /// mark it does not accept rather than the habit.
    @Test func marksTravelInTheHabitJSON() throws {
        let habit = Habit(id: 1, fields: fields(icon: "🏃", color: "#1e90ff"))
        let data = try JSONEncoder().encode(habit)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["icon"] as? String == "🏃")
        #expect(object["color"] as? String == "#1e90ff")
        #expect(try JSONDecoder().decode(Habit.self, from: data) == habit)

        let plain = try JSONEncoder().encode(Habit(id: 2, fields: fields()))
        let plainObject = try #require(
            try JSONSerialization.jsonObject(with: plain) as? [String: Any])
        #expect(plainObject["icon"] == nil && plainObject["color"] == nil)

        let odd = String(decoding: data, as: UTF8.self)
            .replacingOccurrences(of: "#1e90ff", with: "red")
            .replacingOccurrences(of: "🏃", with: "run")
        let read = try JSONDecoder().decode(Habit.self, from: Data(odd.utf8))
        #expect(read.icon == nil && read.color == nil && read.name == "Run")
    }
}

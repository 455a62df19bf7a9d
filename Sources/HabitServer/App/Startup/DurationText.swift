/// Durations as operators write them: `90s`, `30m`, `24h`, `7d`, or a bare
/// number of seconds.
enum DurationText {
    /// The seconds `text` means; `nil` when it is not a duration.
    static func seconds(_ text: String) -> Int? {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        guard let last = text.last else { return nil }
        let (digits, unit) =
            units[last].map { (text.dropLast(), $0) } ?? (Substring(text), 1)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits),
            number >= 0, number <= 10 * 365 * 86_400 / unit
        else { return nil }
        return number * unit
    }
}

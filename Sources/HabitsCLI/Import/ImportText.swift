import Foundation
import HabitCore

/// Reading the text of imported files: lines whatever their ending, and
/// numbers and dates as the formats write them.
enum ImportText {
    /// The lines of `text` without their endings (`\n`, `\r\n` or `\r`),
    /// each with its 1-based line number. A final empty line is not a line.
    static func lines(_ text: String) -> [(number: Int, text: Substring)] {
        var result: [(number: Int, text: Substring)] = []
        var number = 0
        // Swift treats "\r\n" as one Character, so splitting on newlines
        // handles all three endings.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            number += 1
            result.append((number, line))
        }
        if let last = result.last, last.text.isEmpty { result.removeLast() }
        return result
    }

    /// The UTF-8 text of `data`, or a format error naming `file`.
    static func utf8(_ data: Data, file: String) throws(ImportFormatError) -> String {
        guard var text = String(data: data, encoding: .utf8) else {
            throw ImportFormatError(
                "\(file) is not UTF-8 text.", hint: "Save it as UTF-8 and try again.")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text
    }

    private static let posix = Locale(identifier: "en_US_POSIX")

    /// A plain decimal number (`12`, `-0.5`, `1e3` is refused), or `nil`.
    static func decimal(_ text: some StringProtocol) -> Decimal? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var digits = 0
        var dots = 0
        for (index, character) in trimmed.enumerated() {
            if character.isASCII, character.isNumber {
                digits += 1
            } else if character == "." {
                dots += 1
            } else if index == 0, character == "-" || character == "+" {
                continue
            } else {
                return nil
            }
        }
        guard digits > 0, dots <= 1 else { return nil }
        return Decimal(string: trimmed, locale: posix)
    }

    /// A `YYYY-MM-DD` date, surrounding spaces allowed.
    static func date(_ text: some StringProtocol) -> LocalDate? {
        LocalDate(text.trimmingCharacters(in: .whitespaces))
    }
}

import Foundation
import HabitCore

/// Reading the text of imported files: lines whatever their ending, and
/// numbers and dates as the formats write them.
enum ImportText {
    /// The lines of `text` without their endings (`\n`, `\r\n` or `\r`),
    /// each with its 1-based line number. A final empty line is not a line.
    static func lines(_ text: String) -> [(number: Int, text: Substring)] {
        // Split on the UTF-8 bytes rather than Characters: grapheme breaking
        // costs more than everything else for a log of 50,000 lines.
        var result: [(number: Int, text: Substring)] = []
        let utf8 = text.utf8
        let separator: UInt8 =
            utf8.contains(UInt8(ascii: "\n")) ? UInt8(ascii: "\n") : UInt8(ascii: "\r")
        var number = 0
        for piece in utf8.split(separator: separator, omittingEmptySubsequences: false) {
            number += 1
            var line = Substring(piece)
            if line.utf8.last == UInt8(ascii: "\r") { line = Substring(line.utf8.dropLast()) }
            result.append((number, line))
        }
        if let last = result.last, last.text.isEmpty { result.removeLast() }
        return result
    }

    /// `line` split on every occurrence of `separator` (ASCII), by bytes.
    static func fields(_ line: Substring, separator: String) -> [String] {
        let pattern = Array(separator.utf8)
        let bytes = Array(line.utf8)
        var result: [String] = []
        var start = 0
        var index = 0
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0], Array(bytes[index..<index + pattern.count]) == pattern {
                result.append(String(decoding: bytes[start..<index], as: UTF8.self))
                index += pattern.count
                start = index
            } else {
                index += 1
            }
        }
        result.append(String(decoding: bytes[start...], as: UTF8.self))
        return result
    }

    /// The UTF-8 text of `data`, or a format error naming `file`.
    static func utf8(_ data: Data, file: String) throws(ImportFormatError) -> String {
        guard var text = String(data: data, encoding: .utf8) else {
            throw .notUTF8(file: file)
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
        // At most 30 digits: beyond Decimal's 38-digit mantissa a number reads
        // as something else, and no tracker writes such amounts.
        guard digits > 0, digits <= 30, dots <= 1,
            let number = Decimal(string: trimmed, locale: posix), !number.isNaN
        else { return nil }
        return number
    }

    /// A `YYYY-MM-DD` date, surrounding spaces allowed.
    static func date(_ text: some StringProtocol) -> LocalDate? {
        LocalDate(String(trimmed(text)))
    }

    /// `text` without surrounding spaces and tabs (ASCII only: cheap per line).
    static func trimmed(_ text: some StringProtocol) -> Substring {
        let whole = Substring(text)
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = whole.utf8.firstIndex(where: { !isBlank($0) }),
            let last = whole.utf8.lastIndex(where: { !isBlank($0) })
        else { return whole[whole.endIndex...] }
        return Substring(whole.utf8[first...last])
    }
}

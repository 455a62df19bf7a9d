import Foundation

/// Comma-separated values as RFC 4180 writes them: fields in double quotes
/// may hold commas, line breaks and doubled quotes (`""`).
enum CSVTable {
    /// The rows of `text`; any line ending. An empty final line is no row.
    static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var afterQuote = false
        var iterator = text.makeIterator()
        var fieldStarted = false
        while let character = iterator.next() {
            if quoted {
                if character == "\"" {
                    quoted = false
                    afterQuote = true
                } else {
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where afterQuote:
                // A doubled quote inside a quoted field.
                field.append("\"")
                quoted = true
                afterQuote = false
            case "\"" where !fieldStarted:
                quoted = true
                fieldStarted = true
            case ",":
                row.append(field)
                field = ""
                fieldStarted = false
                afterQuote = false
            case _ where character.isNewline:
                row.append(field)
                rows.append(row)
                row = []
                field = ""
                fieldStarted = false
                afterQuote = false
            default:
                field.append(character)
                fieldStarted = true
                afterQuote = false
            }
        }
        if fieldStarted || !row.isEmpty || !field.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }

    /// `field` as a CSV field: quoted when it holds a comma, a quote, a line
    /// break (`lineBreaks`) or starts or ends with a space, with quotes doubled.
    ///
    /// The rule looks at Unicode scalars, not characters, so a space or `=`
    /// with a combining mark on it still counts; the web app's export
    /// (`Web/csv.js`) follows the same rule, and `Tests/Web/csv-cells.json`
    /// holds the cases both are tested with.
    static func field(_ field: String) -> String {
        let scalars = field.unicodeScalars
        let needsQuotes =
            scalars.contains(where: { $0 == "," || $0 == "\"" || lineBreaks.contains($0) })
            || scalars.first == " " || scalars.last == " "
        guard needsQuotes else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The scalars that break a line (those of `Character.isNewline`): LF,
    /// VT, FF, CR, NEL, and the line and paragraph separators.
    static let lineBreaks: Set<Unicode.Scalar> = [
        "\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}",
    ]

    /// The first scalars that make a spreadsheet read a cell as a formula
    /// (OWASP's CSV injection guidance): `=`, `+`, `-`, `@`, tab and carriage return.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// `text` as a CSV field a spreadsheet shows as text: a cell starting
    /// with a `formulaStarts` character gets a `'` before it and is quoted,
    /// as OWASP's CSV injection guidance says (`=HYPERLINK(…)` becomes
    /// `"'=HYPERLINK(…)"`); any other is `field(text)`. A reader gets the
    /// text back by dropping a leading `'` that comes before one of those
    /// characters.
    static func textField(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, formulaStarts.contains(first) else {
            return field(text)
        }
        return "\"'" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One CSV line (CRLF-terminated, as RFC 4180 says) of `fields`.
    static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }
}

/// Rows of cells laid out in aligned columns, two spaces apart, with no
/// trailing spaces. Widths are measured on the plain text; colour is applied
/// after padding so escape codes never shift a column.
struct TextTable: Sendable {
    struct Cell: Sendable {
        var text: String
        var alignRight: Bool
        var paint: @Sendable (String) -> String

        init(
            _ text: String, alignRight: Bool = false,
            paint: @escaping @Sendable (String) -> String = { $0 }
        ) {
            self.text = text
            self.alignRight = alignRight
            self.paint = paint
        }
    }

    var rows: [[Cell]]
    /// Text before each row.
    var indent: String

    init(rows: [[Cell]] = [], indent: String = "  ") {
        self.rows = rows
        self.indent = indent
    }

    /// Column widths over `rows` (and any others laid out together with them).
    static func widths(of rows: [[Cell]]) -> [Int] {
        var widths: [Int] = []
        for row in rows {
            for (index, cell) in row.enumerated() {
                let width = TextWidth.of(cell.text)
                if index < widths.count {
                    widths[index] = max(widths[index], width)
                } else {
                    widths.append(width)
                }
            }
        }
        return widths
    }

    /// `lines` as output text, each ending with a newline.
    ///
    /// A loop, not `joined(separator:)`: that generic entry point has the
    /// runtime resolve its types on first use, a cost each short-lived
    /// command would pay once per process.
    static func text(_ lines: [String]) -> String {
        var text = ""
        text.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            text += line
            text += "\n"
        }
        return text
    }

    /// The rows as lines using `widths` (so several tables can share columns).
    func lines(widths: [Int]) -> [String] {
        rows.map { row in
            var line = indent
            for (index, cell) in row.enumerated() {
                let width = index < widths.count ? widths[index] : TextWidth.of(cell.text)
                let padding = String(repeating: " ", count: max(0, width - TextWidth.of(cell.text)))
                let isLast = index == row.count - 1
                if index > 0 { line += "  " }
                if cell.alignRight {
                    line += padding + cell.paint(cell.text)
                } else {
                    line += cell.paint(cell.text) + (isLast ? "" : padding)
                }
            }
            return TextWidth.trimmingTrailingSpaces(line)
        }
    }
}

/// One line of terminal text being assembled, with its visible width tracked
/// apart from the ANSI escape sequences it may hold.
///
/// Spaces are held back until something visible follows them, so a finished
/// line never ends in spaces however it was padded.
struct TextLine {
    /// The text so far, without the held-back spaces.
    private(set) var text = ""
    /// Visible columns so far, held-back spaces included.
    private(set) var width = 0
    private var heldSpaces = 0

    /// Adds `count` blank columns.
    mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        heldSpaces += count
        width += count
    }

    /// Blank columns up to `column` (nothing when already there or past it).
    mutating func pad(to column: Int) {
        appendSpaces(column - width)
    }

    /// Adds visible text of single-column characters, wrapped in the SGR
    /// parameters `sgr` (such as "32" for green) when given.
    mutating func append(_ visible: String, sgr: String? = nil) {
        if heldSpaces > 0 {
            text.append(String(repeating: " ", count: heldSpaces))
            heldSpaces = 0
        }
        if let sgr {
            text.append("\u{1B}[\(sgr)m\(visible)\u{1B}[0m")
        } else {
            text.append(visible)
        }
        width += visible.count
    }

    /// Adds one visible character, as `append(_:sgr:)` does.
    mutating func append(_ visible: Character, sgr: String? = nil) {
        append(String(visible), sgr: sgr)
    }

    /// Adds another line's content after this one's.
    mutating func append(_ other: TextLine) {
        if !other.text.isEmpty {
            if heldSpaces > 0 {
                text.append(String(repeating: " ", count: heldSpaces))
                heldSpaces = 0
            }
            text.append(other.text)
        }
        heldSpaces += other.heldSpaces
        width += other.width
    }
}

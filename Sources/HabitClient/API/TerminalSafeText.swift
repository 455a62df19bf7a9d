/// Removes from text everything that could act on a terminal instead of
/// being shown: escape sequences, other control characters and
/// bidirectional controls. The one terminal-safe filter of this package.
///
/// Text that did not come from this program's own code (a server's answers,
/// import files, the local database, the configuration) is untrusted. A habit
/// named `"\u{1B}]0;pwned\u{07}Run"` would otherwise set the terminal's
/// title, and one holding `ESC[2J` would clear the screen. The rules:
/// - an escape sequence is removed whole: CSI (`ESC [` or C1 `0x9B`, then
///   parameters and one final byte), the string sequences OSC, DCS, SOS, PM
///   and APC (up to BEL or ST), and two-byte `ESC x` sequences;
/// - any other C0 or C1 control character, and DEL, becomes nothing, except
///   tab, line feed and carriage return, which become a space (one line);
/// - a bidirectional embedding, override or isolate (U+202A–U+202E,
///   U+2066–U+2069) goes, closed or not: even a balanced pair reorders what
///   it encloses (a name shown as another) and shifts a table's columns, and
///   text in a right-to-left script needs none to show in its own order.
///
/// `clean` makes one field one line. `output` is the same filter for whole
/// text on its way to a stream (the CLI's text output passes every write
/// through it): line feeds and tabs stay, a carriage return goes, an
/// unterminated string sequence ends at the line, and SGR sequences (the
/// CLI's own colours) stay when the stream is a terminal. `echo` cleans a
/// piece of data quoted inside a message and cuts it to a bounded length.
package enum TerminalSafeText {
    /// How many characters of a piece of data a message quotes (`echo`).
    package static let echoLimit = 60

    /// `text` with nothing left that acts on a terminal.
    package static func clean(_ text: String) -> String {
        removingBidi(removingControls(text, keepingLines: false, keepingStyle: false))
    }

    /// `text` cleaned and cut to `limit` characters, the cut marked with `…`:
    /// data from a file, a server or the database quoted inside a message, so
    /// a 100,000-character name is not echoed whole.
    package static func echo(_ text: some StringProtocol, limit: Int = echoLimit) -> String {
        let cleaned = clean(String(text))
        guard cleaned.count > limit else { return cleaned }
        return String(cleaned.prefix(max(0, limit - 1))) + "\u{2026}"
    }

    /// Whole text bound for a stream: as `clean`, except that line feeds and
    /// tabs stay, and, when
    /// `keepingStyle`, SGR sequences (`ESC [` digits and `;`, then `m`: colour
    /// and weight, which cannot move the cursor, clear or retitle anything)
    /// stay.
    package static func output(_ text: String, keepingStyle: Bool) -> String {
        let controlled = removingControls(text, keepingLines: true, keepingStyle: keepingStyle)
        // Every bidirectional control starts with 0xE2 in UTF-8.
        guard anyByte(of: controlled, { $0 == 0xE2 }) else { return controlled }
        return removingBidi(controlled)
    }

    /// Whether `text` is already clean.
    package static func isClean(_ text: String) -> Bool {
        clean(text) == text
    }

    /// Whether a byte of `text`'s UTF-8 passes `test`, read from the
    /// string's own contiguous bytes: a fraction of the cost of walking its
    /// `utf8` view, which every command's whole output goes through.
    private static func anyByte(of text: String, _ test: (UInt8) -> Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.contains(where: test) }
    }

    private static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    private static func removingControls(
        _ text: String, keepingLines: Bool, keepingStyle: Bool
    ) -> String {
        // Most text holds nothing to remove: return it as it is. Read as
        // bytes: a C1 control is 0xC2 then 0x80...0x9F in UTF-8, so any
        // 0xC2 takes the careful path below (which keeps what is not one).
        let needsWork = anyByte(of: text) { byte in
            switch byte {
            case 0x09, 0x0A: return !keepingLines
            case 0x00...0x1F, 0x7F, 0xC2: return true
            default: return false
            }
        }
        guard needsWork else { return text }
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x1B:
                guard let next = scalars.next() else { break }
                switch next.value {
                case 0x5B:  // [
                    let sequence = skipControlSequence(&scalars)
                    if keepingStyle, let sequence, isStyle(sequence) {
                        output.append(contentsOf: "\u{1B}[".unicodeScalars)
                        output.append(contentsOf: sequence)
                    }
                case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // ] P X ^ _
                    if skipString(&scalars, endingAtLine: keepingLines) { output.append("\n") }
                case 0x20...0x2F:
                    // Intermediates, then one final byte.
                    while let more = scalars.next(), (0x20...0x2F).contains(more.value) {}
                default: break  // ESC x: both go.
                }
            case 0x9B: _ = skipControlSequence(&scalars)
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F:
                if skipString(&scalars, endingAtLine: keepingLines) { output.append("\n") }
            case 0x09, 0x0A: output.append(keepingLines ? scalar : " ")
            case 0x0D: if !keepingLines { output.append(" ") }
            case 0x00...0x1F, 0x7F...0x9F: break
            default: output.append(scalar)
            }
        }
        return String(output)
    }

    /// Skips a CSI's parameter and intermediate bytes and its final byte;
    /// returns them when the sequence ended with a final byte.
    private static func skipControlSequence(
        _ scalars: inout String.UnicodeScalarView.Iterator
    ) -> [Unicode.Scalar]? {
        var sequence: [Unicode.Scalar] = []
        while let scalar = scalars.next() {
            sequence.append(scalar)
            if (0x40...0x7E).contains(scalar.value) { return sequence }
            if !(0x20...0x3F).contains(scalar.value) { return nil }
        }
        return nil
    }

    /// Whether a CSI's body is SGR: digits and `;`, then `m`.
    private static func isStyle(_ sequence: [Unicode.Scalar]) -> Bool {
        guard let final = sequence.last, final == "m" else { return false }
        return sequence.dropLast().allSatisfy { ("0"..."9").contains($0) || $0 == ";" }
    }

    /// Skips a control string up to its terminator: BEL, ST (`ESC \` or
    /// 0x9C), or, when `endingAtLine` (whole text, where an unterminated
    /// string would otherwise swallow the lines after it), a line feed; true
    /// when that line feed ended it.
    private static func skipString(
        _ scalars: inout String.UnicodeScalarView.Iterator, endingAtLine: Bool = false
    ) -> Bool {
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x07, 0x9C: return false
            case 0x0A where endingAtLine: return true
            case 0x1B:
                _ = scalars.next()  // the `\` of ST, or whatever follows: gone either way
                return false
            default: continue
            }
        }
        return false
    }

    /// `text` without its bidirectional embeddings, overrides and isolates.
    private static func removingBidi(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isBidiControl) else { return text }
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isBidiControl(scalar) { output.append(scalar) }
        return String(output)
    }
}

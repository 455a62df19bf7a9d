/// Removes from text everything that could act on a terminal instead of
/// being shown: escape sequences, other control characters and unpaired
/// bidirectional controls.
///
/// Text from a server is untrusted. A habit named `"\u{1B}]0;pwned\u{07}Run"`
/// would otherwise set the terminal's title, and one holding `ESC[2J` would
/// clear the screen. The rules, applied once before any server text is shown:
/// - an escape sequence is removed whole: CSI (`ESC [` or C1 `0x9B`, then
///   parameters and one final byte), the string sequences OSC, DCS, SOS, PM
///   and APC (up to BEL or ST), and two-byte `ESC x` sequences;
/// - any other C0 or C1 control character, and DEL, becomes nothing, except
///   tab, line feed and carriage return, which become a space (one line);
/// - a bidirectional embedding, override or isolate (U+202A–U+202E,
///   U+2066–U+2069) stays only when it is closed within the text, so none can
///   reorder what is printed after it; unmatched closers go too.
public enum TerminalSafeText {
    /// `text` with nothing left that acts on a terminal.
    public static func clean(_ text: String) -> String {
        balancingBidi(removingControls(text))
    }

    /// Whether `text` is already clean.
    public static func isClean(_ text: String) -> Bool {
        clean(text) == text
    }

    private static func removingControls(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x1B:
                guard let next = scalars.next() else { break }
                switch next.value {
                case 0x5B: skipControlSequence(&scalars)  // [
                case 0x5D, 0x50, 0x58, 0x5E, 0x5F: skipString(&scalars)  // ] P X ^ _
                case 0x20...0x2F:
                    // Intermediates, then one final byte.
                    while let more = scalars.next(), (0x20...0x2F).contains(more.value) {}
                default: break  // ESC x: both go.
                }
            case 0x9B: skipControlSequence(&scalars)
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F: skipString(&scalars)
            case 0x09, 0x0A, 0x0D: output.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: break
            default: output.append(scalar)
            }
        }
        return String(output)
    }

    /// Skips a CSI's parameter and intermediate bytes and its final byte.
    private static func skipControlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            if (0x40...0x7E).contains(scalar.value) || !(0x20...0x3F).contains(scalar.value) {
                return
            }
        }
    }

    /// Skips a control string up to its terminator: BEL, ST (`ESC \` or 0x9C).
    private static func skipString(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x07, 0x9C: return
            case 0x1B:
                _ = scalars.next()  // the `\` of ST, or whatever follows: gone either way
                return
            default: continue
            }
        }
    }

    private enum Bidi {
        case embedding  // LRE, RLE, LRO, RLO: closed by PDF
        case isolate  // LRI, RLI, FSI: closed by PDI
    }

    private static func balancingBidi(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var keep = [Bool](repeating: true, count: scalars.count)
        var open: [(index: Int, kind: Bidi)] = []
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x202A, 0x202B, 0x202D, 0x202E:
                open.append((index, .embedding))
            case 0x2066, 0x2067, 0x2068:
                open.append((index, .isolate))
            case 0x202C:
                // A PDF closes the innermost embedding, never across an isolate.
                if open.last?.kind == .embedding {
                    open.removeLast()
                } else {
                    keep[index] = false
                }
            case 0x2069:
                // A PDI closes the innermost isolate and any embedding inside it.
                if let match = open.lastIndex(where: { $0.kind == .isolate }) {
                    for unclosed in open[(match + 1)...] { keep[unclosed.index] = false }
                    open.removeSubrange(match...)
                } else {
                    keep[index] = false
                }
            default:
                continue
            }
        }
        for unclosed in open { keep[unclosed.index] = false }
        var output = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() where keep[index] { output.append(scalar) }
        return String(output)
    }
}

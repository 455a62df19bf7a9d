/// Terminal columns a string takes: most characters one, East Asian wide and
/// emoji characters two, combining marks and zero-width characters none.
enum TextWidth {
    static func of(_ text: String) -> Int {
        // Printable ASCII, nearly every cell, is one column a byte: counting
        // bytes skips the Unicode property lookups of each character.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1,
            character.unicodeScalars.contains(where: { $0.value == 0xFE0F })
        {
            return 2  // emoji presentation selector
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
            0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// `text` cut to at most `width` columns, ending with `ellipsis` when cut.
    static func truncate(_ text: String, to width: Int, ellipsis: String) -> String {
        guard of(text) > width else { return text }
        let room = max(0, width - of(ellipsis))
        var result = ""
        var used = 0
        for character in text {
            let next = of(character)
            if used + next > room { break }
            result.append(character)
            used += next
        }
        return result + ellipsis
    }

    /// `text` without the spaces (whole characters) at its end.
    ///
    /// Walks back from the end, so a line pays for its trailing spaces only,
    /// not for a reversed copy of itself.
    static func trimmingTrailingSpaces(_ text: String) -> String {
        var end = text.endIndex
        while end > text.startIndex {
            let before = text.index(before: end)
            guard text[before] == " " else { break }
            end = before
        }
        return end == text.endIndex ? text : String(text[..<end])
    }

    /// `text` padded with spaces to `width` columns, on the left when `right`.
    static func padded(_ text: String, to width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - of(text)))
        return right ? fill + text : text + fill
    }
}

import Foundation
import HabitCore
import Testing

@Suite struct CalendarSymbolsTests {
    private func marks(_ symbols: CalendarSymbols) -> [Character] {
        [
            symbols.success, symbols.failed, symbols.skipped, symbols.pending, symbols.logged,
            symbols.today,
        ]
    }

    @Test(arguments: [CalendarSymbols.ascii, .unicode])
    func marksAreDistinctAndNeverDigitsOrBlank(_ symbols: CalendarSymbols) {
        let all = marks(symbols)
        #expect(Set(all).count == all.count)
        #expect(all.allSatisfy { !$0.isNumber && !$0.isWhitespace })
    }

    @Test func asciiIsPrintableASCII() {
        #expect(
            marks(.ascii).allSatisfy {
                $0.isASCII && $0.asciiValue.map { (33...126).contains($0) } == true
            })
    }

    /// Each Unicode mark is one scalar that takes one terminal column: no
    /// emoji presentation, no combining mark, and East Asian Width "neutral"
    /// (never "ambiguous", which CJK locales draw two columns wide, nor "wide").
    /// Swift exposes no East Asian Width property, so the neutral scalars are
    /// listed from Unicode's EastAsianWidth.txt.
    @Test func unicodeMarksAreOneColumnWide() {
        // East Asian Width "N" (neutral) per Unicode's EastAsianWidth.txt.
        let neutral: Set<UInt32> = [0x2713, 0x2717, 0x21B7, 0x2219, 0x25E6, 0x25C2]
        for mark in marks(.unicode) {
            let scalars = Array(mark.unicodeScalars)
            #expect(scalars.count == 1)
            guard let scalar = scalars.first else { continue }
            #expect(!scalar.properties.isEmojiPresentation)
            #expect(!scalar.properties.isEmoji || scalar.value < 0x2000)
            #expect([.otherSymbol, .mathSymbol].contains(scalar.properties.generalCategory))
            #expect(neutral.contains(scalar.value), "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func blankStatesHaveNoMark() {
        for state in [PeriodState.future, .rest, .beforeStart] {
            #expect(CalendarSymbols.unicode.mark(for: state) == nil)
        }
        #expect(CalendarSymbols.ascii.mark(for: .success) == "+")
        #expect(CalendarSymbols.unicode.mark(for: .failed) == "\u{2717}")
    }
}

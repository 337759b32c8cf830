#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HubUI
import Testing

/// glibc's `wcwidth`, which the Glibc module does not export (it sits behind `_XOPEN_SOURCE`).
@_silgen_name("wcwidth") private func glibcWcwidth(_ c: Int32) -> Int32

@Suite struct TextWidthTests {
    /// Every character any screen draws, from every golden screen at both sizes and both themes.
    static func drawnCharacters() -> Set<Character> {
        var chars = Set<Character>()
        var models = Contexts.models
        models += models.map { var m = $0; m.theme = .mono; return m }
        for m in models {
            for (w, h) in [(80, 24), (120, 40), (60, 20)] {
                for cell in m.render(width: w, height: h).grid.cells where !cell.isContinuation {
                    chars.formUnion(cell.text)
                }
            }
        }
        // Glyphs that only some states draw.
        chars.formUnion("✓▸▶█░•◦●○…─│┌┐└┘←→↑↓×·—–")
        return chars
    }

    @Test func agreesWithGlibcWcwidthForEveryCharacterDrawn() {
        #expect(setlocale(LC_CTYPE, "C.UTF-8") != nil)
        let chars = Self.drawnCharacters()
        #expect(chars.count > 60)
        for ch in chars {
            for scalar in ch.unicodeScalars {
                let expected = Int(glibcWcwidth(Int32(bitPattern: scalar.value)))
                #expect(TextWidth.of(Character(scalar)) == max(0, expected),
                        "width of U+\(String(scalar.value, radix: 16, uppercase: true)) '\(ch)'")
            }
        }
    }

    @Test func everyRowIsExactlyTheScreenWidth() {
        for m in Contexts.models {
            let grid = m.render(width: 80, height: 24).grid
            for line in grid.lines { #expect(TextWidth.of(line) == 80) }
        }
    }
}

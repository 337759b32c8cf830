#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import HubUI
import Testing

/// glibc's `wcwidth`, which the Glibc module does not export (it sits behind `_XOPEN_SOURCE`).
@_silgen_name("wcwidth") private func glibcWcwidth(_ c: Int32) -> Int32

@Suite struct TextWidthTests {
    @Test func aStringIsAsWideAsItsClustersWhateverPathMeasuresIt() {
        // The quick count of one-column scalars agrees with the cluster by cluster sum, and
        // gives way to it where a scalar joins its neighbours or is not one column.
        let texts = ["Mail 12 · MSAL · foreground", "┌──── Handbook ────┐", "WILL LEAK cou1's data at foreground", "café – “ok” …",
                     "e\u{301}tude", "a\r\nb", "tab\there", "soft\u{AD}hyphen", "日本 mail", "👩\u{200D}💻 dev", "❤\u{FE0F}", "🇫🇷 fr", "", "├─┤ │"]
        for t in texts {
            #expect(TextWidth.of(t) == t.reduce(0) { $0 + TextWidth.of($1) }, "\(t.debugDescription)")
        }
        #expect(TextWidth.of("e\u{301}tude") == 5 && TextWidth.of("日本 mail") == 9 && TextWidth.of("┌──┐ · …") == 8)
    }

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

    /// The shortcut for a line that fits as it is gives what the word-by-word wrap gives.
    @Test func aLineThatFitsIsWrappedAsWordByWord() {
        let pieces = ["redirect", "https://login.contoso.example/cb/1", "✓", "✗ not registered", "·", "→", "", " ", "  ",
                      "e\u{301}", "日本", "a\u{200D}b", "x\u{FE0F}", "\t", "controllerDidWipeCurrentUserData", "é", "—"]
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...5, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined(separator: Bool.random() ? " " : "")
            for width in [1, 3, 10, 20, 40, 80] {
                let hanging = Int.random(in: 0..<width, using: &rng)
                #expect(TextWrap.lines(text, width: width, hanging: hanging) == TextWrap.wrapped(text, width: width, hanging: hanging),
                        "\(text.debugDescription) at \(width)")
            }
        }
        #expect(TextWrap.fitsAsItIs("redirect https://x.example ✓", width: 40))
        #expect(!TextWrap.fitsAsItIs("two  spaces", width: 40))
    }
}

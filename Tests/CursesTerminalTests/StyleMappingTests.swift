import HubUI
import Testing
@testable import CursesTerminal

@Suite("Style mapping")
struct StyleMappingTests {
    @Test func plainIsTheDefaultPair() {
        #expect(StyleMapping.map(.plain, mode: .colors(256)) == CursesStyle(attributes: [], foreground: -1, background: -1))
    }

    @Test func attributesAndColours() {
        let style = CellStyle(fg: .red, bg: .blue, bold: true, underline: true)
        #expect(StyleMapping.map(style, mode: .colors(8)) == CursesStyle(attributes: [.bold, .underline], foreground: 1, background: 4))
        let dimReverse = CellStyle(fg: .white, dim: true, reverse: true)
        #expect(StyleMapping.map(dimReverse, mode: .colors(256)) == CursesStyle(attributes: [.dim, .reverse], foreground: 7, background: -1))
    }

    @Test func brightColoursUseTheUpperEightOrBold() {
        let style = CellStyle(fg: .brightGreen, bg: .brightBlack)
        #expect(StyleMapping.map(style, mode: .colors(256)) == CursesStyle(attributes: [], foreground: 10, background: 8))
        #expect(StyleMapping.map(style, mode: .colors(8)) == CursesStyle(attributes: [.bold], foreground: 2, background: 0))
    }

    @Test func monochromeKeepsAttributesAndDropsColour() {
        let style = CellStyle(fg: .brightRed, bg: .yellow, bold: true, reverse: true)
        #expect(StyleMapping.map(style, mode: .monochrome) == CursesStyle(attributes: [.bold, .reverse], foreground: -1, background: -1))
    }

    @Test func colourPairsAreAllocatedOnceAndRunOutToTheDefault() {
        var table = ColorPairTable(capacity: 3)
        #expect(table.pair(fg: -1, bg: -1) == (0, false))
        #expect(table.pair(fg: 1, bg: -1) == (1, true))
        #expect(table.pair(fg: 1, bg: -1) == (1, false))
        #expect(table.pair(fg: 2, bg: 4) == (2, true))
        #expect(table.pair(fg: 3, bg: 4) == (0, false))
        #expect(table.count == 2)
    }
}

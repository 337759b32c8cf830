import HubUI
import Testing

/// Whatever is drawn over half of a wide character blanks its other half, so no frame holds a
/// half (the random walks' frame invariant): an overlay over a pane's `⚡`, a box over `中`.
@Suite struct CellGridMendTests {
    /// The row's cells as text, a continuation as `_`.
    static func row(_ g: CellGrid, _ y: Int = 0) -> String {
        (0..<g.width).map { g[$0, y].isContinuation ? "_" : g[$0, y].text }.joined()
    }

    @Test func writingOverEitherHalfBlanksTheOther() {
        var g = CellGrid(width: 8, height: 1)
        g.put("a⚡b中", x: 0, y: 0)
        #expect(Self.row(g) == "a⚡_b中_  ")
        g.put("|", x: 2, y: 0)          // over ⚡'s continuation
        #expect(Self.row(g) == "a |b中_  ")
        g.put("x", x: 4, y: 0)          // over 中 itself
        #expect(Self.row(g) == "a |bx   ")
    }

    @Test func aFillCuttingAWideCharacterBlanksItsOtherHalf() {
        var g = CellGrid(width: 6, height: 2)
        g.put("⚡⚡⚡", x: 0, y: 0)
        g.put("⚡⚡⚡", x: 0, y: 1)
        g.fill(Rect(x: 1, y: 0, width: 2, height: 2), with: "│")
        #expect(Self.row(g, 0) == " ││ ⚡_")
        #expect(Self.row(g, 1) == " ││ ⚡_")
    }

    @Test func textWithinTheRangeIsLeftAlone() {
        var g = CellGrid(width: 6, height: 1)
        g.put("⚡⚡⚡", x: 0, y: 0)
        g.put("⚡", x: 2, y: 0)
        #expect(Self.row(g) == "⚡_⚡_⚡_")
    }
}

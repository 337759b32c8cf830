import HubUI
import Testing
@testable import CursesTerminal

@Suite("Frame diff")
struct FrameDiffTests {
    static let red = CellStyle(fg: .red)

    @Test func firstFrameIsPaintedWholeInOneRunPerRowAndStyle() {
        var grid = CellGrid(width: 4, height: 2)
        grid.put("ab", x: 0, y: 0, style: Self.red)
        let runs = FrameDiff.runs(from: nil, to: grid)
        #expect(runs == [
            PaintRun(x: 0, y: 0, style: Self.red, texts: ["a", "b"]),
            PaintRun(x: 2, y: 0, style: .plain, texts: [" ", " "]),
            PaintRun(x: 0, y: 1, style: .plain, texts: [" ", " ", " ", " "]),
        ])
    }

    @Test func anUnchangedFrameCostsNothing() {
        var grid = CellGrid(width: 10, height: 3)
        grid.put("hello", x: 1, y: 1)
        #expect(FrameDiff.runs(from: grid, to: grid).isEmpty)
    }

    @Test func oneTypedCharacterIsOneRunOfOneCell() {
        var before = CellGrid(width: 20, height: 3)
        before.put("Password: ••", x: 0, y: 1)
        var after = before
        after.put("•", x: 12, y: 1)
        #expect(FrameDiff.runs(from: before, to: after) == [PaintRun(x: 12, y: 1, style: .plain, texts: ["•"])])
    }

    @Test func adjacentChangesMergeAndAStyleChangeSplits() {
        let before = CellGrid(width: 8, height: 1)
        var after = before
        after.put("ab", x: 1, y: 0)
        after.put("c", x: 3, y: 0, style: Self.red)
        after.put("d", x: 6, y: 0)
        #expect(FrameDiff.runs(from: before, to: after) == [
            PaintRun(x: 1, y: 0, style: .plain, texts: ["a", "b"]),
            PaintRun(x: 3, y: 0, style: Self.red, texts: ["c"]),
            PaintRun(x: 6, y: 0, style: .plain, texts: ["d"]),
        ])
    }

    @Test func aStyleOnlyChangeIsRepainted() {
        var before = CellGrid(width: 3, height: 1)
        before.put("abc", x: 0, y: 0)
        var after = before
        after.restyle(Rect(x: 1, y: 0, width: 1, height: 1)) { $0.reverse = true }
        #expect(FrameDiff.runs(from: before, to: after) == [PaintRun(x: 1, y: 0, style: CellStyle(reverse: true), texts: ["b"])])
    }

    @Test func aWideCharacterIsPaintedWithItsContinuation() {
        let before = CellGrid(width: 6, height: 1)
        var after = before
        after.put("⚡", x: 2, y: 0)
        #expect(FrameDiff.runs(from: before, to: after) == [PaintRun(x: 2, y: 0, style: .plain, texts: ["⚡", ""])])
    }

    @Test func aChangedContinuationRepaintsItsLeader() {
        var before = CellGrid(width: 6, height: 1)
        before.put("⚡", x: 2, y: 0)
        var after = before
        after.restyle(Rect(x: 3, y: 0, width: 1, height: 1)) { $0.bold = true }
        let runs = FrameDiff.runs(from: before, to: after)
        #expect(runs == [
            PaintRun(x: 2, y: 0, style: .plain, texts: ["⚡"]),
            PaintRun(x: 3, y: 0, style: CellStyle(bold: true), texts: [""]),
        ])
    }

    @Test func overwritingHalfAWideCharacterPaintsASpaceForTheOrphan() {
        var before = CellGrid(width: 6, height: 1)
        before.put("⚡", x: 2, y: 0)
        var after = before
        after.put("x", x: 2, y: 0)
        #expect(FrameDiff.runs(from: before, to: after) == [PaintRun(x: 2, y: 0, style: .plain, texts: ["x", " "])])
    }

    @Test func aNewSizeRepaintsEverything() {
        let before = CellGrid(width: 2, height: 1)
        let after = CellGrid(width: 3, height: 1)
        #expect(FrameDiff.runs(from: before, to: after) == [PaintRun(x: 0, y: 0, style: .plain, texts: [" ", " ", " "])])
    }
}

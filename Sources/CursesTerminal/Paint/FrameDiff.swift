import HubUI

/// A horizontal run of cells to paint, all in one style, starting at (x, y).
public struct PaintRun: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var style: CellStyle
    /// The cells' text in order. A wide character's continuation is an empty string (the
    /// leader paints both columns); a continuation whose leader was overwritten is a space.
    public var texts: [String]

    public init(x: Int, y: Int, style: CellStyle, texts: [String]) {
        self.x = x; self.y = y; self.style = style; self.texts = texts
    }
}

/// The difference between two frames as the fewest runs that repaint exactly the cells
/// that changed (as ratatui's buffer diff). Pure: the painter turns runs into curses calls.
public enum FrameDiff {
    // The grids' cells are read from their arrays (`cells[y * width + x]`), not through
    // `CellGrid`'s subscript: from this module that is a call and a copy per cell, five per
    // cell of a first frame's ~1,900 (Docs/performance.md, first write).

    /// The runs that turn `old` into `new`; everything when `old` is nil or another size.
    public static func runs(from old: CellGrid?, to new: CellGrid) -> [PaintRun] {
        let previous = old.flatMap { $0.width == new.width && $0.height == new.height ? $0 : nil }
        let cells = new.cells, width = new.width
        var runs: [PaintRun] = []
        for y in 0..<new.height {
            let row = y * width
            let changed = changedColumns(previous, new, y)
            var x = 0
            while x < width {
                guard changed[x] else { x += 1; continue }
                let style = cells[row + x].style
                var run = PaintRun(x: x, y: y, style: style, texts: [])
                while x < width, changed[x], cells[row + x].style == style {
                    run.texts.append(paintedText(new, x, y))
                    x += 1
                }
                runs.append(run)
            }
        }
        return runs
    }

    /// Which columns of row `y` must be repainted: changed cells, plus the other half of
    /// any wide character one of whose halves changed.
    static func changedColumns(_ old: CellGrid?, _ new: CellGrid, _ y: Int) -> [Bool] {
        let cells = new.cells, width = new.width, row = y * width
        var changed: [Bool]
        if let old {
            let before = old.cells
            changed = (0..<width).map { x in before[row + x] != cells[row + x] }
        } else {
            changed = Array(repeating: true, count: width)
        }
        for x in 0..<width where changed[x] {
            // The right half of a wide character, or a stale one whose leader was overwritten.
            if x + 1 < width, cells[row + x + 1].isContinuation { changed[x + 1] = true }
        }
        // Leaders of changed continuations sit to the left: a second pass, right to left.
        for x in stride(from: width - 1, through: 0, by: -1) where changed[x] {
            if cells[row + x].isContinuation, x > 0, isWideLeader(new, x - 1, y) { changed[x - 1] = true }
        }
        return changed
    }

    static func isWideLeader(_ grid: CellGrid, _ x: Int, _ y: Int) -> Bool {
        let i = y * grid.width + x
        return x + 1 < grid.width && grid.cells[i + 1].isContinuation && TextWidth.of(grid.cells[i].text) == 2
    }

    static func paintedText(_ grid: CellGrid, _ x: Int, _ y: Int) -> String {
        let cell = grid.cells[y * grid.width + x]
        guard cell.isContinuation else { return cell.text }
        return x > 0 && isWideLeader(grid, x - 1, y) ? "" : " "
    }
}

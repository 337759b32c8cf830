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
    /// The runs that turn `old` into `new`; everything when `old` is nil or another size.
    public static func runs(from old: CellGrid?, to new: CellGrid) -> [PaintRun] {
        let previous = old.flatMap { $0.width == new.width && $0.height == new.height ? $0 : nil }
        var runs: [PaintRun] = []
        for y in 0..<new.height {
            let changed = changedColumns(previous, new, y)
            var x = 0
            while x < new.width {
                guard changed[x] else { x += 1; continue }
                let style = new[x, y].style
                var run = PaintRun(x: x, y: y, style: style, texts: [])
                while x < new.width, changed[x], new[x, y].style == style {
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
        var changed = (0..<new.width).map { x in old.map { $0[x, y] != new[x, y] } ?? true }
        for x in 0..<new.width where changed[x] {
            // The right half of a wide character, or a stale one whose leader was overwritten.
            if x + 1 < new.width, new[x + 1, y].isContinuation { changed[x + 1] = true }
        }
        // Leaders of changed continuations sit to the left: a second pass, right to left.
        for x in stride(from: new.width - 1, through: 0, by: -1) where changed[x] {
            if new[x, y].isContinuation, x > 0, isWideLeader(new, x - 1, y) { changed[x - 1] = true }
        }
        return changed
    }

    static func isWideLeader(_ grid: CellGrid, _ x: Int, _ y: Int) -> Bool {
        x + 1 < grid.width && grid[x + 1, y].isContinuation && TextWidth.of(grid[x, y].text) == 2
    }

    static func paintedText(_ grid: CellGrid, _ x: Int, _ y: Int) -> String {
        let cell = grid[x, y]
        guard cell.isContinuation else { return cell.text }
        return x > 0 && isWideLeader(grid, x - 1, y) ? "" : " "
    }
}

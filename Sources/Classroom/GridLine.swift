import HubUI

/// A trainee's screen on the control pipe (`trainee/frame`, `class/show`): its cell grid as
/// JSON, compact. Each row is a flat array of runs, a style number then the run's text
/// (`[0, "Hub ", 37, "checked out"]`): consecutive cells of one style are one run, and a wide
/// character's continuation cell is implied by the character (as the terminal draws it, it
/// takes its character's style). A style number packs the foreground (bits 0–4), the
/// background (bits 5–9) and bold, dim, reverse, underline (bits 10–13).
public enum GridLine {
    /// The screens the pipe carries: no larger than a trainee's terminal may be (`TraineeProcess.largest`).
    static let largest = (width: 400, height: 200)

    static let colours: [TermColor] = [
        .default, .black, .red, .green, .yellow, .blue, .magenta, .cyan, .white,
        .brightBlack, .brightRed, .brightGreen, .brightYellow, .brightBlue, .brightMagenta, .brightCyan, .brightWhite,
    ]

    static func number(_ s: CellStyle) -> Int {
        let fg = colours.firstIndex(of: s.fg) ?? 0, bg = colours.firstIndex(of: s.bg) ?? 0
        let flags = (s.bold ? 1 : 0) | (s.dim ? 2 : 0) | (s.reverse ? 4 : 0) | (s.underline ? 8 : 0)
        return fg | bg << 5 | flags << 10
    }

    static func style(_ n: Int) -> CellStyle? {
        let fg = n & 31, bg = (n >> 5) & 31, flags = n >> 10
        guard n >= 0, fg < colours.count, bg < colours.count, flags < 16 else { return nil }
        return CellStyle(fg: colours[fg], bg: colours[bg], bold: flags & 1 != 0, dim: flags & 2 != 0,
                         reverse: flags & 4 != 0, underline: flags & 8 != 0)
    }

    /// `{"width": W, "height": H, "rows": [[style, text, …], …]}`.
    public static func encode(_ grid: CellGrid) -> [String: Any] {
        var rows: [[Any]] = []
        rows.reserveCapacity(grid.height)
        for y in 0..<grid.height {
            var row: [Any] = []
            var text = "", current = -1
            for x in 0..<grid.width {
                let cell = grid[x, y]
                // A continuation belongs to its wide character's run.
                if cell.isContinuation, x > 0, TextWidth.of(grid[x - 1, y].text) == 2 { continue }
                let n = number(cell.style)
                if n != current, current >= 0 {
                    row.append(current); row.append(text)
                    text = ""
                }
                current = n
                // Half a wide character (none is left by `CellGrid.put`) is a space, as drawn.
                let whole = TextWidth.of(cell.text) != 2 || (x + 1 < grid.width && grid[x + 1, y].isContinuation)
                text += cell.isContinuation || !whole ? " " : cell.text
            }
            if current >= 0 { row.append(current); row.append(text) }
            rows.append(row)
        }
        return ["width": grid.width, "height": grid.height, "rows": rows]
    }

    /// The grid `encode` gave; nil for anything malformed or larger than a terminal may be.
    public static func decode(_ object: Any?) -> CellGrid? {
        guard let o = object as? [String: Any], let width = o["width"] as? Int, let height = o["height"] as? Int,
              (0...largest.width).contains(width), (0...largest.height).contains(height),
              let rows = o["rows"] as? [[Any]], rows.count == height else { return nil }
        var grid = CellGrid(width: width, height: height)
        for (y, row) in rows.enumerated() {
            guard row.count % 2 == 0 else { return nil }
            var x = 0
            for i in stride(from: 0, to: row.count, by: 2) {
                guard let n = row[i] as? Int, let style = style(n), let text = row[i + 1] as? String else { return nil }
                for ch in text {
                    let w = TextWidth.of(ch)
                    guard x + max(1, w) <= width else { return nil }
                    grid[x, y] = Cell(text: String(ch), style: style)
                    if w == 2 { grid[x + 1, y] = Cell(text: "", style: style) }
                    x += max(1, w)
                }
            }
            guard x == width else { return nil }
        }
        return grid
    }
}

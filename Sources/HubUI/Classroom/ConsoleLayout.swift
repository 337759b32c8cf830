/// Where the console's parts go at a screen size: the status line, the join or notice line,
/// the lead buttons, the queue of raised hands, the tiles (as many rows and columns as fit),
/// the page line and the hint line. 80x24 holds 3 x 3 tiles; 200x60, 7 x 9.
struct ConsoleLayout: Equatable {
    /// A tile: a border, four lines inside.
    static let tileWidth = 26
    static let tileHeight = 6
    /// Rows above the tiles (status, join, buttons, hands) and below (page line, hint line).
    static let rowsAbove = 4
    static let rowsBelow = 2

    let width: Int, height: Int
    let columns: Int, rows: Int

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        columns = max(1, width / Self.tileWidth)
        rows = max(1, (height - Self.rowsAbove - Self.rowsBelow) / Self.tileHeight)
    }

    var perPage: Int { columns * rows }
    /// Each tile's width: the screen's columns shared out, the leftover to the last ones.
    func tile(_ index: Int) -> Rect {
        let col = index % columns, row = index / columns
        let base = width / columns, extra = width % columns
        let x = col * base + max(0, col - (columns - extra))
        let w = base + (col >= columns - extra ? 1 : 0)
        return Rect(x: x, y: Self.rowsAbove + row * Self.tileHeight, width: min(w, 40), height: Self.tileHeight)
    }

    /// The mirror's rows on the zoom screen: between its status and button lines and the hint line.
    static func mirrorRows(height: Int) -> Int { max(0, height - 3) }
}

/// The console's symbols, and their ASCII forms where the trainer's locale is not UTF-8
/// (as the Hub's diagram and fault marks do, `HubModel.asciiDrawings`).
struct ConsoleGlyphs {
    let hand: String, dot: String, previous: String, next: String, ellipsis: String, times: String, dash: String

    static let unicode = ConsoleGlyphs(hand: "✋", dot: "·", previous: "◀", next: "▶", ellipsis: "…", times: "×", dash: "–")
    static let ascii = ConsoleGlyphs(hand: "[hand]", dot: "-", previous: "<", next: ">", ellipsis: "...", times: "x", dash: "-")

    static func of(ascii: Bool) -> ConsoleGlyphs { ascii ? .ascii : .unicode }

    /// Key names as drawn: the arrows' names in words where the locale is not UTF-8.
    func keys(_ names: String) -> String {
        guard hand == ConsoleGlyphs.ascii.hand else { return names }
        return names.replacingArrows
    }
}

/// Durations as the tiles say them: `40s`, `12m`, `1h05m`; the class timer as `12:34` or `1:02:03`.
enum ClassTime {
    static func short(_ seconds: Int) -> String {
        let s = max(0, seconds)
        if s < 60 { return "\(s)s" }
        if s < 3600 { return "\(s / 60)m" }
        let m = (s % 3600) / 60
        return "\(s / 3600)h" + (m < 10 ? "0" : "") + "\(m)m"
    }

    static func clock(_ seconds: Int) -> String {
        let s = max(0, seconds)
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return s >= 3600 ? "\(s / 3600):\(two((s % 3600) / 60)):\(two(s % 60))" : "\(two(s / 60)):\(two(s % 60))"
    }
}

private extension String {
    /// `↑/↓` as `Up/Down`.
    var replacingArrows: String {
        var out = ""
        for ch in self {
            switch ch {
            case "↑": out += "Up"
            case "↓": out += "Down"
            case "←": out += "Left"
            case "→": out += "Right"
            default: out.append(ch)
            }
        }
        return out
    }
}
